import { z } from 'zod';

/**
 * admin_person's answer (supabase/schemas: public.admin_person) is jsonb, which the generated types
 * call `Json`: this schema is its shape, and supabase/tests/palette.test.ts parses a real answer
 * with it (strict objects), so a key the SQL adds, drops or retypes fails that test. The app imports
 * only the type; no schema code reaches the bundle.
 */
const section = <T extends z.ZodType>(row: T) => z.strictObject({ total: z.number().int(), rows: z.array(row) });
const time = z.string();
const text = z.string().nullable();

export const personSchema = z.strictObject({
  user: z.strictObject({
    id: z.string(),
    email: text,
    phone: text,
    email_confirmed_at: text,
    phone_confirmed_at: text,
    created_at: time,
    updated_at: text,
    last_sign_in_at: text,
    provider: text,
    role: text,
    aud: text,
    banned_until: text,
  }),
  profiles: section(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      relationship: text,
      allergies: z.array(z.string()),
      health_conditions: z.array(z.string()),
      created_at: time,
    }),
  ).optional(),
  scans: section(
    z.strictObject({
      id: z.string(),
      name: text,
      image_url: text,
      image_path: text,
      health_score: z.number().nullable(),
      category: text,
      created_at: time,
    }),
  ).optional(),
  chats: section(
    z.strictObject({ id: z.string(), title: text, created_at: time, message_count: z.number().int() }),
  ).optional(),
  devices: section(z.strictObject({ id: z.string(), platform: z.string(), created_at: time, updated_at: time })),
  notifications: section(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      body: z.string(),
      status: z.enum(['sent', 'failed']),
      error: text,
      created_at: time,
      sender_email: text,
    }),
  ).optional(),
  contact_messages: section(
    z.strictObject({ id: z.string(), subject: z.string(), status: z.string(), created_at: time }),
  ).optional(),
  audit: section(
    z.strictObject({
      id: z.number().int(),
      occurred_at: time,
      action: z.string(),
      resource: z.string(),
      record_id: text,
      actor_id: text,
      actor_email: text,
    }),
  ).optional(),
});

/** A person's page as admin_person answers it: a section only for a role whose access lists its screen. */
export type Person = z.infer<typeof personSchema>;

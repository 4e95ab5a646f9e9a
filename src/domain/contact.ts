import { z } from 'zod/mini';
import type { TablesInsert } from '../database.types';
import { CONTACT_LIMITS } from './limits';

/**
 * The public contact form: field rules shared by the site form and the `contact_messages` check
 * constraints (same CONTACT_LIMITS). Issues are codes, not sentences, so each UI language words them.
 */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactIssue = 'required' | 'tooLong' | 'invalidEmail';

export const CONTACT_MAX_LENGTH: Record<ContactField, number> = {
  firstName: CONTACT_LIMITS.firstNameMax,
  lastName: CONTACT_LIMITS.lastNameMax,
  email: CONTACT_LIMITS.emailMax,
  subject: CONTACT_LIMITS.subjectMax,
  message: CONTACT_LIMITS.messageMax,
};

const requiredText = (field: ContactField) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'required' satisfies ContactIssue),
      z.maxLength(CONTACT_MAX_LENGTH[field], 'tooLong' satisfies ContactIssue),
    );

export const contactSchema = z.object({
  firstName: requiredText('firstName'),
  lastName: requiredText('lastName'),
  email: requiredText('email').check(z.regex(z.regexes.email, 'invalidEmail' satisfies ContactIssue)),
  subject: requiredText('subject'),
  message: requiredText('message'),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactErrors = Partial<Record<ContactField, ContactIssue>>;

/** Trimmed values, or the first issue of each invalid field. */
export function validateContact(
  values: Record<ContactField, string>,
): { ok: true; value: ContactInput } | { ok: false; errors: ContactErrors } {
  const result = contactSchema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message as ContactIssue;
  }
  return { ok: false, errors };
}

/** The `contact_messages` row for a valid submission (status and timestamps are database defaults). */
export function toContactRow(input: ContactInput): TablesInsert<'contact_messages'> {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    subject: input.subject,
    message: input.message,
  };
}

import { faker } from '@faker-js/faker';
import type { Database } from '../../mocks/supabase/db';

/**
 * Adds generated app users, profiles, chats with messages and scans to a prepared database, for
 * performance work. Rows are built in SQL (generate_series) in batches, one transaction each, copying
 * their food details from the demo scans of supabase/seed/20_scans.sql. Proportions per scan: 1 user per
 * 1,000 (at least 3), 1 profile per 20, 1 chat per 10 with 4 messages each; 1 scan in 10 is
 * anonymous and 1 in 19 has no score; dates spread over the last 60 days.
 *
 * Names are as varied as a real catalogue's, so a search selects as it would in production: 1 scan
 * in 20 keeps its demo product's name (Indian brands such as Maggi), the others get one of
 * PRODUCT_NAMES generated names ("Reilly Creamy Peach-glazed Bean Shoots Skewers"), the same on every run.
 */
export interface GenerateOptions {
  scans: number;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface GenerateResult {
  users: number;
  profiles: number;
  chats: number;
  messages: number;
  scans: number;
}

/** Distinct generated product names (faker with a fixed seed). */
export const PRODUCT_NAMES = 4000;

function productNames(): string[] {
  faker.seed(7);
  const names = new Set<string>();
  while (names.size < PRODUCT_NAMES) {
    const brand = faker.company.name().split(/[ ,-]/)[0];
    const adjective = faker.food.adjective();
    names.add(`${brand} ${adjective.charAt(0).toUpperCase()}${adjective.slice(1)} ${faker.food.dish()}`);
  }
  return [...names];
}

export async function generateScans(db: Database, options: GenerateOptions): Promise<GenerateResult> {
  const { scans, batchSize = 10_000, onProgress } = options;
  const templates = Number(
    (await db.query<{ n: number }>('select count(*) as n from public.scans')).rows[0].n,
  );
  if (templates === 0) throw new Error('No scans to copy food details from: seed the database first.');
  const run = Date.now().toString(36);
  const userCount = Math.max(3, Math.ceil(scans / 1000));
  const users = (
    await db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              format('load-%s-%s@example.in', $1::text, g), '', now() - make_interval(days => g % 90),
              '{"provider": "email", "providers": ["email"]}', jsonb_build_object('full_name', format('Load Tester %s', g)),
              now() - make_interval(days => g % 90), now() - make_interval(days => g % 90)
         from generate_series(1, $2::int) g
       returning id`,
      [run, userCount],
    )
  ).rows.map((r) => r.id);

  const names = productNames();
  const totals: GenerateResult = { users: users.length, profiles: 0, chats: 0, messages: 0, scans: 0 };
  for (let start = 0; start < scans; start += batchSize) {
    const end = Math.min(scans, start + batchSize);
    await db.transaction(async (tx) => {
      const params = [users, start + 1, end, templates];
      const scanRows = await tx.query(
        `with template as (
           select row_number() over (order by id) - 1 as k, name, description, health_score, category, analysis,
                  ingredients, health_benefits, health_risks, allergens, nutrition_facts, healthy_recipe
             from public.scans limit $4::int
         )
         insert into public.scans (user_id, name, description, health_score, category, analysis, ingredients,
                                   health_benefits, health_risks, allergens, nutrition_facts, healthy_recipe,
                                   is_favorite, created_at)
         select case when g % 10 = 0 then null else ($1::uuid[])[g % cardinality($1::uuid[]) + 1] end,
                case when g % 20 = 0 then t.name else ($5::text[])[(g::bigint * 7919) % cardinality($5::text[]) + 1] end,
                t.description,
                case when g % 19 = 0 then null else greatest(0, least(100, coalesce(t.health_score, 50) + g % 11 - 5)) end,
                t.category, t.analysis, t.ingredients, t.health_benefits, t.health_risks, t.allergens,
                t.nutrition_facts, t.healthy_recipe, g % 6 = 0,
                now() - make_interval(secs => ((g::bigint * 7919) % 5184000)::int)
           from generate_series($2::int, $3::int) g
           join template t on t.k = (g * 31) % $4::int`,
        [...params, names],
      );
      const profileRows = await tx.query(
        `insert into public.profiles (user_id, name, relationship, age, created_at)
         select ($1::uuid[])[g % cardinality($1::uuid[]) + 1], format('Family member %s', g),
                (array[null, 'Spouse', 'Mother', 'Father', 'Son', 'Daughter'])[g % 6 + 1], 5 + g % 70,
                now() - make_interval(days => g % 60)
           from generate_series($2::int, $3::int) g where g % 20 = 0`,
        params.slice(0, 3),
      );
      const chatRows = await tx.query<{ id: string; created_at: Date }>(
        `insert into public.chats (user_id, title, created_at, updated_at)
         select case when g % 60 = 0 then null else ($1::uuid[])[g % cardinality($1::uuid[]) + 1] end,
                format('Label question %s', g), now() - make_interval(hours => g % 1440),
                now() - make_interval(hours => g % 1440) + interval '10 minutes'
           from generate_series($2::int, $3::int) g where g % 10 = 0
         returning id`,
        params.slice(0, 3),
      );
      const messageRows = await tx.query(
        `insert into public.messages (chat_id, role, content, created_at)
         select c.id, case when m % 2 = 1 then 'user' else 'assistant' end,
                case when m % 2 = 1 then 'Is this product okay to eat every day?'
                     else 'Check sugar, sodium and saturated fat per 100 g; this one is best as an occasional snack.' end,
                c.created_at + make_interval(mins => m)
           from public.chats c cross join generate_series(1, 4) m
          where c.id = any($1::uuid[])`,
        [chatRows.rows.map((r) => r.id)],
      );
      totals.scans += scanRows.affectedRows ?? 0;
      totals.profiles += profileRows.affectedRows ?? 0;
      totals.chats += chatRows.rows.length;
      totals.messages += messageRows.affectedRows ?? 0;
    });
    onProgress?.(end, scans);
  }
  // fresh statistics and visibility map, so counts can use index-only scans right away
  await db.exec('vacuum analyze auth.users, public.scans, public.profiles, public.chats, public.messages');
  return totals;
}

import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withIdentity, type Database, type RequestIdentity } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { ROLES } from './fixtures';

/**
 * One translation of an audience (private.push_audience_where, over the per-person summary
 * private.push_people) serves the count, the sample and the enqueue. Here random audiences are
 * counted by push_audience_count, sampled by push_audience_sample and enqueued by push_start_due (in random batch sizes), and both
 * must agree with a reference computed in TypeScript from the plain tables (auth.users, profiles,
 * user_devices, scans): the people and devices counted, and exactly the devices counted queued once.
 */
let db: Database;
const SERVICE: RequestIdentity = { role: 'service_role', claims: { role: 'service_role' } };
const DAY = 864e5;

beforeAll(async () => {
  db = await openTestDatabase();
  // 40 people of every shape besides the seed's: sign-up days, scans at ages away from the audience
  // limits, devices in both locales and three platforms (some none), tags from a small set, two deleted.
  await db.exec(`
    update public.push_sends set status = 'cancelled' where status in ('waiting_for_approval', 'scheduled');
    update public.push_settings set approval_threshold = 1000000;
    insert into auth.users (id, email, created_at, deleted_at)
    select md5('diff-' || g)::uuid, 'diff-' || g || '@example.com', now() - make_interval(days => (g * 37) % 900, hours => 6),
           case when g % 19 = 0 then now() end
      from generate_series(1, 40) g;
    insert into public.profiles (user_id, name, allergies, health_conditions)
    select md5('diff-' || g)::uuid, 'D' || g,
           case g % 4 when 0 then '{Peanuts}'::text[] when 1 then '{Milk}' when 2 then '{Peanuts,Sesame}' else '{}' end,
           case g % 5 when 0 then '{Asthma}'::text[] when 2 then '{Type 2 diabetes}' when 3 then '{Asthma,Hypertension}' else '{}' end
      from generate_series(1, 40) g where g % 7 <> 0;
    insert into public.profiles (user_id, name, allergies)
    select md5('diff-' || g)::uuid, 'Child ' || g, '{Milk}' from generate_series(1, 40) g where g % 6 = 0;
    insert into public.user_devices (user_id, token, locale, platform)
    select md5('diff-' || g)::uuid, 'diff-token-' || g || '-' || k,
           (array['en', 'hi'])[1 + (g + k) % 2], (array['android', 'ios', 'web'])[1 + (g * k) % 3]
      from generate_series(1, 40) g, generate_series(1, 3) k where k <= g % 4;
    insert into public.scans (user_id, name, created_at)
    select md5('diff-' || g)::uuid, 'Scan', now() - make_interval(days => (array[0, 3, 20, 100])[1 + g % 4], hours => 12)
      from generate_series(1, 40) g where g % 3 <> 0;`);
});
afterAll(() => db.close());

type Audience = {
  conditions?: string[];
  allergies?: string[];
  locales?: string[];
  platforms?: string[];
  signed_up_after?: string;
  signed_up_before?: string;
  scanned_within_days?: number;
  not_scanned_within_days?: number;
  has_device?: boolean;
};

const tags = (values: string[]) => fc.uniqueArray(fc.constantFrom(...values), { minLength: 1 });
const date = fc
  .constantFrom(30, 200, 500, 800)
  .map((days) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10));
const days = fc.constantFrom(1, 10, 50, 365);
const audience: fc.Arbitrary<Audience> = fc.record(
  {
    conditions: tags(['Asthma', 'Hypertension', 'Type 2 diabetes', 'Unknown']),
    allergies: tags(['Peanuts', 'Milk', 'Sesame', 'Unknown']),
    locales: tags(['en', 'hi']),
    platforms: tags(['android', 'ios', 'web']),
    signed_up_after: date,
    signed_up_before: date,
    scanned_within_days: days,
    not_scanned_within_days: days,
    has_device: fc.boolean(),
  },
  { requiredKeys: [] },
);

type Person = {
  id: string;
  created_at: Date | null;
  deleted: boolean;
  allergies: string[];
  conditions: string[];
  last_scan: Date | null;
  devices: { id: string; locale: string; platform: string }[];
};

/** Every account with its profiles' tags, last scan and devices, read from the plain tables. */
async function people(): Promise<Person[]> {
  const { rows } = await db.query<Person>(`
    select u.id, u.created_at, u.deleted_at is not null deleted,
           coalesce((select array_agg(a) from public.profiles p, unnest(p.allergies) a where p.user_id = u.id), '{}') allergies,
           coalesce((select array_agg(c) from public.profiles p, unnest(p.health_conditions) c where p.user_id = u.id), '{}') conditions,
           (select max(s.created_at) from public.scans s where s.user_id = u.id) last_scan,
           coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'locale', d.locale, 'platform', d.platform))
                       from public.user_devices d where d.user_id = u.id), '[]') devices
      from auth.users u`);
  return rows;
}

/** The reference: the devices an audience reaches, per person, by the rules in docs/architecture/push.md. */
function reference(everyone: Person[], a: Audience) {
  const istMidnight = (d: string) => new Date(`${d}T00:00:00+05:30`);
  const scannedWithin = (p: Person, n: number) =>
    p.last_scan !== null && p.last_scan.getTime() >= Date.now() - n * DAY;
  const reached = new Map<string, string[]>();
  for (const p of everyone) {
    if (p.deleted) continue;
    if (a.conditions && !a.conditions.some((c) => p.conditions.includes(c))) continue;
    if (a.allergies && !a.allergies.some((c) => p.allergies.includes(c))) continue;
    if (a.signed_up_after && !(p.created_at && p.created_at >= istMidnight(a.signed_up_after))) continue;
    if (a.signed_up_before && !(p.created_at && p.created_at < istMidnight(a.signed_up_before))) continue;
    if (a.scanned_within_days && !scannedWithin(p, a.scanned_within_days)) continue;
    if (a.not_scanned_within_days && scannedWithin(p, a.not_scanned_within_days)) continue;
    if (a.has_device === false) {
      if (p.devices.length === 0) reached.set(p.id, []);
      continue;
    }
    const devices = p.devices.filter(
      (d) =>
        (!a.locales || a.locales.includes(d.locale)) && (!a.platforms || a.platforms.includes(d.platform)),
    );
    if (devices.length > 0)
      reached.set(
        p.id,
        devices.map((d) => d.id),
      );
  }
  return reached;
}

it('counts and enqueues random audiences exactly as the plain tables say', async () => {
  const everyone = await people();
  expect(everyone.length).toBeGreaterThan(60);
  let sends = 0;
  await fc.assert(
    fc.asyncProperty(audience, fc.integer({ min: 1, max: 12 }), async (a, batchSize) => {
      const expected = reference(everyone, a);
      const devices = [...expected.values()].flat().sort();
      const send = await withIdentity(db, ROLES.owner, async (tx) => {
        const counted = await tx.query<{ c: { people: number; devices: number } }>(
          `select public.push_audience_count($1::jsonb) c`,
          [JSON.stringify(a)],
        );
        expect(counted.rows[0].c).toEqual({ people: expected.size, devices: devices.length });
        const sample = await tx.query<{ user_id: string }>(
          `select user_id from public.push_audience_sample($1::jsonb)`,
          [JSON.stringify(a)],
        );
        expect(sample.rows.length).toBe(Math.min(10, devices.length));
        expect(sample.rows.filter((r) => !expected.has(r.user_id))).toEqual([]);
        const created = await tx.query<{ id: string }>(
          `select id from public.push_send_create($1::jsonb, 'Diff', 'Differential', urgent => true)`,
          [JSON.stringify(a)],
        );
        return created.rows[0].id;
      });
      sends++;
      const startDue = async () =>
        (
          await withIdentity(db, SERVICE, (tx) =>
            tx.query<{ n: number }>(`select public.push_start_due($1) n`, [batchSize]),
          )
        ).rows[0].n;
      for (let calls = 0; (await startDue()) > 0; calls++) expect(calls).toBeLessThan(200);
      const queued = await db.query<{ d: string }>(
        `select message ->> 'd' d from pgmq.q_push where (message ->> 's')::uuid = $1 order by 1`,
        [send],
      );
      expect(queued.rows.map((r) => r.d)).toEqual(devices);
      const { rows } = await db.query<{ queued: number; status: string }>(
        `select queued::int, status from public.push_sends where id = $1`,
        [send],
      );
      expect(rows[0]).toEqual({ queued: devices.length, status: devices.length ? 'sending' : 'done' });
      await db.query(`delete from pgmq.q_push where (message ->> 's')::uuid = $1`, [send]);
    }),
    { numRuns: 40, seed: 52 },
  );
  expect(sends).toBe(40);
});

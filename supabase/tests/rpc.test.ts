import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import type { Database, Queryable } from '../../mocks/supabase/db';
import { DASHBOARD } from '../../src/domain/limits';
import { scoreBand, type ScoreBand } from '../../src/domain/scoreBands';
import { ADMIN_ID, attempt, IDENTITIES, type IdentityName } from './fixtures';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

interface DashboardStats {
  scans: number;
  profiles: number;
  chats: number;
  payments: number;
  news: number;
  health_tips: number;
  avg_health_score: number | null;
  score_distribution: Record<ScoreBand, number>;
  scans_trend_pct: number | null;
  recent_scans: Array<{ id: string; name: string | null; health_score: number | null; created_at: string }>;
}

const stats = async (tx: Queryable) =>
  (await tx.query<{ stats: DashboardStats }>('select public.admin_dashboard_stats() as stats')).rows[0].stats;

/** Acts as the active admin inside a superuser transaction that first reshaped the data. */
const asAdmin = (tx: Queryable) =>
  tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: ADMIN_ID, role: 'authenticated' }),
  ]);

const nonAdmins: IdentityName[] = ['anon', 'user', 'inactiveAdmin'];

describe('admin_dashboard_stats', () => {
  it('equals independent counts of the data, with exact score bands', async () => {
    const count = async (table: string) =>
      Number((await db.query<{ n: number }>(`select count(*) as n from public.${table}`)).rows[0].n);
    const scores = (
      await db.query<{ s: number | null }>('select health_score as s from public.scans')
    ).rows.map((r) => r.s);
    const scored = scores.filter((s): s is number => s !== null);
    const distribution: Record<ScoreBand, number> = { excellent: 0, good: 0, fair: 0, poor: 0 };
    for (const s of scored) distribution[scoreBand(s)] += 1;

    const outcome = await attempt(db, IDENTITIES.admin, stats);
    expect(outcome.ok).toBe(true);
    const result = (outcome as { value: DashboardStats }).value;
    expect(result).toMatchObject({
      scans: scores.length,
      profiles: await count('profiles'),
      chats: await count('chats'),
      payments: await count('payments'),
      news: await count('news'),
      health_tips: await count('health_tips'),
      avg_health_score: Math.round(scored.reduce((a, b) => a + b, 0) / scored.length),
      score_distribution: distribution,
    });
    expect(Object.values(distribution).reduce((a, b) => a + b, 0)).toBe(scored.length);
    expect(Object.keys(result).sort()).toEqual([
      'avg_health_score',
      'chats',
      'health_tips',
      'news',
      'payments',
      'profiles',
      'recent_scans',
      'scans',
      'scans_trend_pct',
      'score_distribution',
    ]);
  });

  it('lists the 5 newest scans, newest first, with id, name, score and date only', async () => {
    const newest = (
      await db.query<{ id: string }>(
        `select id from public.scans order by created_at desc, id limit ${DASHBOARD.recentScans}`,
      )
    ).rows.map((r) => r.id);
    const outcome = await attempt(db, IDENTITIES.admin, stats);
    const recent = (outcome as { value: DashboardStats }).value.recent_scans;
    expect(recent.map((r) => r.id)).toEqual(newest);
    expect(recent.every((r) => Object.keys(r).sort().join() === 'created_at,health_score,id,name')).toBe(
      true,
    );
    const times = recent.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('compares the last 7 days with the 7 before, in the same instant', async () => {
    const outcome = await attempt(db, IDENTITIES.admin, async (tx) => {
      const { rows } = await tx.query<{ last: number; previous: number }>(`
        select count(*) filter (where created_at > now() - interval '7 days') as last,
               count(*) filter (where created_at <= now() - interval '7 days') as previous
          from public.scans where created_at > now() - interval '14 days' and created_at <= now()`);
      return { expected: rows[0], trend: (await stats(tx)).scans_trend_pct };
    });
    const { expected, trend } = (
      outcome as { value: { expected: { last: number; previous: number }; trend: number } }
    ).value;
    const last = Number(expected.last);
    const previous = Number(expected.previous);
    expect(previous).toBeGreaterThan(0);
    expect(trend).toBe(Math.round(((last - previous) * 1000) / previous) / 10);
  });

  it('gives a null trend when the earlier week had no scans', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query(
        `delete from public.scans where created_at <= now() - interval '7 days' and created_at > now() - interval '14 days'`,
      );
      await asAdmin(tx);
      return (await stats(tx)).scans_trend_pct;
    });
    expect(outcome).toEqual({ ok: true, value: null });
  });

  it('gives a null average and empty bands when no scan has a score, and no recent scans when none exist', async () => {
    const unscored = await attempt(db, 'superuser', async (tx) => {
      await tx.query('update public.scans set health_score = null');
      await asAdmin(tx);
      const result = await stats(tx);
      return { avg: result.avg_health_score, bands: result.score_distribution };
    });
    expect(unscored).toEqual({
      ok: true,
      value: { avg: null, bands: { excellent: 0, good: 0, fair: 0, poor: 0 } },
    });
    const empty = await attempt(db, 'superuser', async (tx) => {
      await tx.query('delete from public.scans');
      await asAdmin(tx);
      const result = await stats(tx);
      return { scans: result.scans, recent: result.recent_scans, trend: result.scans_trend_pct };
    });
    expect(empty).toEqual({ ok: true, value: { scans: 0, recent: [], trend: null } });
  });

  it('stays within the 2 KB dashboard budget', async () => {
    const outcome = await attempt(db, IDENTITIES.admin, async (tx) => JSON.stringify(await stats(tx)).length);
    expect((outcome as { value: number }).value).toBeLessThan(2048);
  });

  it.each(nonAdmins)('refuses %s with 42501', async (name) => {
    const outcome = await attempt(db, IDENTITIES[name], stats);
    expect(outcome).toMatchObject({ ok: false, code: '42501' });
    if (name !== 'anon') expect(outcome).toMatchObject({ message: 'Admin privileges required' });
    else expect(outcome).toMatchObject({ message: 'permission denied for function admin_dashboard_stats' });
  });
});

interface ListedUser {
  id: string;
  email: string | null;
  phone: string | null;
  provider: string;
  banned_until: Date | null;
}

const listUsers = (search: string | null) => (tx: Queryable) =>
  tx.query<ListedUser>('select * from public.admin_list_users($1)', [search]).then((r) => r.rows);

async function listAsAdmin(search: string | null): Promise<ListedUser[]> {
  const outcome = await attempt(db, IDENTITIES.admin, listUsers(search));
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

describe('admin_list_users', () => {
  it('lists every auth user, newest first, with exactly the fields the screens use', async () => {
    const expected = (
      await db.query<{ id: string }>(
        'select id from auth.users where deleted_at is null order by created_at desc, id',
      )
    ).rows.map((r) => r.id);
    const outcome = await attempt(db, IDENTITIES.admin, async (tx) => {
      const result = await tx.query('select * from public.admin_list_users()');
      return { ids: result.rows.map((r) => r.id), columns: result.fields.map((f) => f.name) };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        ids: expected,
        columns: [
          'id',
          'email',
          'phone',
          'email_confirmed_at',
          'phone_confirmed_at',
          'created_at',
          'updated_at',
          'last_sign_in_at',
          'provider',
          'role',
          'aud',
          'banned_until',
        ],
      },
    });
    expect(await listAsAdmin('')).toHaveLength(expected.length);
    expect(await listAsAdmin('   ')).toHaveLength(expected.length);
  });

  it('matches an email fragment case-insensitively', async () => {
    expect((await listAsAdmin('PRIYA')).map((u) => u.email)).toEqual(['priya.patel@example.in']);
    expect((await listAsAdmin('User@LabelLens')).map((u) => u.email)).toEqual(['user@labellens.dev']);
    expect((await listAsAdmin('labellens.dev')).map((u) => u.email).sort()).toEqual([
      'admin@labellens.dev',
      'editor@labellens.dev',
      'inactive-admin@labellens.dev',
      'mfa-admin@labellens.dev',
      'support@labellens.dev',
      'user@labellens.dev',
    ]);
  });

  it('matches a phone fragment', async () => {
    expect((await listAsAdmin('98765')).map((u) => [u.email, u.phone])).toEqual([
      ['priya.patel@example.in', '919876543210'],
    ]);
  });

  it('matches an id prefix, in either case', async () => {
    const { rows } = await db.query<{ id: string }>(`select md5('labellens-user-5')::uuid::text as id`);
    const prefix = rows[0].id.slice(0, 8);
    expect((await listAsAdmin(prefix)).map((u) => u.id)).toEqual([rows[0].id]);
    expect((await listAsAdmin(prefix.toUpperCase())).map((u) => u.id)).toEqual([rows[0].id]);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect(await listAsAdmin('_')).toEqual([]);
    expect(await listAsAdmin('%')).toEqual([]);
  });

  it('reports the provider (email by default) and bans', async () => {
    const [google] = await listAsAdmin('ananya.iyer');
    expect(google.provider).toBe('google');
    const [banned] = await listAsAdmin('aditya.joshi');
    expect(banned.banned_until).not.toBeNull();
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query(`update auth.users set raw_app_meta_data = '{}' where email = 'priya.patel@example.in'`);
      await asAdmin(tx);
      return (await listUsers('priya.patel')(tx))[0].provider;
    });
    expect(outcome).toEqual({ ok: true, value: 'email' });
  });

  it.each(nonAdmins)('refuses %s with 42501', async (name) => {
    const outcome = await attempt(db, IDENTITIES[name], listUsers(null));
    expect(outcome).toMatchObject({ ok: false, code: '42501' });
    if (name !== 'anon') expect(outcome).toMatchObject({ message: 'Admin privileges required' });
  });
});

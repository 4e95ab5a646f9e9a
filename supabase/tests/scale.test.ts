import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import type { Database, Queryable, RequestIdentity } from '../../mocks/supabase/db';
import { scoreBand, type ScoreBand } from '../../src/domain/scoreBands';
import { attempt, count, IDENTITIES, USER_ID, type IdentityName } from './fixtures';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

type DayRow = { day: string; scans: number; scored: number; score_sum: number } & Record<ScoreBand, number>;

/** Switches the transaction to an API identity, or back to the superuser, as PostgREST would. */
async function become(tx: Queryable, identity: RequestIdentity | 'superuser') {
  if (identity === 'superuser') await tx.query(`select set_config('role', 'none', true)`);
  else
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      identity.role,
      JSON.stringify(identity.claims),
    ]);
}

/** The maintained summary, as plain numbers (run as the superuser). */
async function summary(tx: Queryable): Promise<DayRow[]> {
  const { rows } = await tx.query<DayRow>(
    `select day::text as day, scans::int, scored::int, score_sum::int,
            excellent::int, good::int, fair::int, poor::int
       from private.scan_stats_daily order by day`,
  );
  return rows;
}

/** The same summary computed afresh from every scan, with the bands of src/domain/scoreBands.ts. */
async function freshSummary(tx: Queryable): Promise<DayRow[]> {
  const { rows } = await tx.query<{ day: string; score: number | null }>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, health_score as score from public.scans`,
  );
  const days = new Map<string, DayRow>();
  for (const { day, score } of rows) {
    const row = days.get(day) ?? {
      day,
      scans: 0,
      scored: 0,
      score_sum: 0,
      excellent: 0,
      good: 0,
      fair: 0,
      poor: 0,
    };
    row.scans += 1;
    if (score !== null) {
      row.scored += 1;
      row.score_sum += score;
      row[scoreBand(score)] += 1;
    }
    days.set(day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** admin_dashboard_stats() as the active admin, and the same keys computed directly from the tables. */
async function statsAndExpected(tx: Queryable) {
  await become(tx, IDENTITIES.admin);
  const { rows } = await tx.query<{ stats: unknown }>('select public.admin_dashboard_stats() as stats');
  await become(tx, 'superuser');
  const expected = await tx.query<{ stats: unknown }>(`
    select json_build_object(
      'scans', count(*),
      'profiles', (select count(*) from public.profiles),
      'chats', (select count(*) from public.chats),
      'payments', (select count(*) from public.payments),
      'news', (select count(*) from public.news),
      'health_tips', (select count(*) from public.health_tips),
      'avg_health_score', round(avg(health_score))::integer,
      'score_distribution', json_build_object(
        'excellent', count(*) filter (where health_score >= 80),
        'good', count(*) filter (where health_score >= 60 and health_score < 80),
        'fair', count(*) filter (where health_score >= 40 and health_score < 60),
        'poor', count(*) filter (where health_score < 40)),
      'scans_trend_pct', case when w.previous = 0 then null
                              else round((w.last - w.previous) * 100.0 / w.previous, 1) end,
      'recent_scans', (select coalesce(json_agg(r order by r.created_at desc, r.id), '[]')
                         from (select id, name, health_score, created_at from public.scans
                                order by created_at desc, id limit 5) r)) as stats
      from public.scans,
           (select count(*) filter (where created_at > now() - interval '7 days' and created_at <= now()) as last,
                   count(*) filter (where created_at > now() - interval '14 days'
                                      and created_at <= now() - interval '7 days') as previous
              from public.scans) w
     group by w.last, w.previous`);
  return { stats: rows[0].stats, expected: expected.rows[0].stats };
}

/** Runs fn as the app user, then checks the summary and the dashboard against the scans (rolled back). */
async function expectConsistentAfter(fn: (tx: Queryable) => Promise<unknown>) {
  const outcome = await attempt(db, IDENTITIES.user, async (tx) => {
    await fn(tx);
    await become(tx, 'superuser');
    return { summary: await summary(tx), fresh: await freshSummary(tx), ...(await statsAndExpected(tx)) };
  });
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  const { value } = outcome;
  expect(value.summary).toEqual(value.fresh);
  expect(value.stats).toEqual(value.expected);
  return value;
}

const insertScans = (rows: string) =>
  `insert into public.scans (user_id, name, health_score, created_at)
   select '${USER_ID}', v.name, v.score, v.created_at from (values ${rows}) as v(name, score, created_at)`;

describe('scan_stats_daily', () => {
  it('matches the seeded scans exactly (the triggers ran while the seed inserted)', async () => {
    await expectConsistentAfter(async () => undefined);
    const outcome = await attempt(db, 'superuser', async (tx) => (await summary(tx)).length);
    expect(outcome.ok && outcome.value).toBeGreaterThan(14);
  });

  it("follows an app user's single and multi-row inserts, in every band and without a score", async () => {
    const { summary: days, fresh } = await expectConsistentAfter(async (tx) => {
      await tx.query(`insert into public.scans (user_id, name, health_score) values ($1, 'Single', 80)`, [
        USER_ID,
      ]);
      await tx.query(
        insertScans(`('a', 100, now()), ('b', 79, now() - interval '3 days'), ('c', 60, now() - interval '3 days'),
                     ('d', 59, now() - interval '10 days'), ('e', 40, now()), ('f', 39, now()), ('g', 0, now())`),
      );
      // The database dates an app user's rows (created_at_from_database), so an old unscored scan
      // alone on its day comes from the superuser, as the seed's do.
      await become(tx, 'superuser');
      await tx.query(insertScans(`('h', null::int, now() - interval '400 days')`));
    });
    expect(days.length).toBe(fresh.length);
    expect(days.find((d) => d.scans === 1 && d.scored === 0)).toBeDefined();
  });

  it('moves scans between bands and days when their score or date changes, and ignores other updates', async () => {
    await expectConsistentAfter(async (tx) => {
      await tx.query(insertScans(`('x', 85, now()), ('y', 45, now()), ('z', 20, now() - interval '2 days')`));
      await tx.query(`update public.scans set health_score = 39 where user_id = $1 and name = 'x'`, [
        USER_ID,
      ]);
      await tx.query(`update public.scans set health_score = null where user_id = $1 and name = 'y'`, [
        USER_ID,
      ]);
      await tx.query(`update public.scans set created_at = now() - interval '500 days' where name = 'z'`);
      await tx.query(`update public.scans set is_favorite = not is_favorite`);
      await tx.query(
        `update public.scans set health_score = 100 - health_score, created_at = created_at - interval '1 day'`,
      );
    });
  });

  it('drops days whose scans are all deleted, and keeps exact counts after partial deletes', async () => {
    await expectConsistentAfter(async (tx) => {
      await tx.query(insertScans(`('only', 50, now() - interval '300 days'), ('keep', 70, now())`));
      await tx.query(`delete from public.scans where name = 'only'`);
      await tx.query(`delete from public.scans where health_score < 50`);
    });
  });

  it('follows deletes made by the superuser and cascades from auth.users', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query(`delete from auth.users where id = $1`, [USER_ID]);
      await tx.query(`delete from public.scans where created_at < now() - interval '30 days'`);
      return { summary: await summary(tx), fresh: await freshSummary(tx), ...(await statsAndExpected(tx)) };
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.summary).toEqual(outcome.value.fresh);
    expect(outcome.value.stats).toEqual(outcome.value.expected);
  });

  it('is emptied by a truncate of scans and refilled by later inserts', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query('truncate public.scans');
      const emptied = await summary(tx);
      await tx.query(insertScans(`('after', 90, timestamptz '2024-03-01 23:59:59+00')`));
      return { emptied, refilled: await summary(tx) };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        emptied: [],
        refilled: [
          { day: '2024-03-01', scans: 1, scored: 1, score_sum: 90, excellent: 1, good: 0, fair: 0, poor: 0 },
        ],
      },
    });
  });

  it('is readable by no API role', async () => {
    for (const name of ['anon', 'user', 'admin'] as IdentityName[]) {
      const outcome = await attempt(db, IDENTITIES[name], (tx) =>
        tx.query('select * from private.scan_stats_daily'),
      );
      expect(outcome).toMatchObject({ ok: false, code: '42501' });
    }
  });
});

describe('admin_dashboard_stats trend windows', () => {
  // Last week = created_at in (now() - 7 days, now()]; the week before = (now() - 14 days, now() - 7 days].
  // So a scan exactly 7 days old counts in the week before, exactly 14 days old in neither, and a
  // scan dated in the future in neither.
  it('counts a scan exactly 7 days old in the earlier week and one exactly 14 days old in neither', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query(`delete from public.scans where created_at > now() - interval '15 days'`);
      await tx.query(
        insertScans(`('last 1', 50, now()), ('last 2', 50, now() - interval '7 days' + interval '1 second'),
                     ('prev 1', 50, now() - interval '7 days'), ('prev 2', 50, now() - interval '7 days 1 second'),
                     ('prev 3', 50, now() - interval '14 days' + interval '1 second'),
                     ('none 1', 50, now() - interval '14 days'), ('none 2', 50, now() - interval '14 days 1 second'),
                     ('none 3', 50, now() + interval '1 hour')`),
      );
      return statsAndExpected(tx);
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.stats).toEqual(outcome.value.expected);
    expect((outcome.value.stats as { scans_trend_pct: number }).scans_trend_pct).toBe(-33.3);
  });

  it('counts scans in (after, up_to] across UTC midnights exactly like a scan of the table', async () => {
    const bounds = [
      ['now() - interval $$7 days$$', 'now()'],
      ['now() - interval $$14 days$$', 'now() - interval $$7 days$$'],
      ["date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'", 'now()'],
      ["(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - interval '3 days'", 'now()'],
      [
        "(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - interval '3 days 1 second'",
        "(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - interval '1 day'",
      ],
      ['now() - interval $$2 hours$$', 'now() - interval $$1 hour$$'],
      ['now()', 'now() - interval $$1 day$$'],
    ];
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const midnight = `(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;
      await tx.query(
        insertScans(`('m0', 10, ${midnight}), ('m1', 10, ${midnight} - interval '1 second'),
                     ('m2', 10, ${midnight} - interval '3 days'), ('m3', 10, ${midnight} - interval '1 day')`),
      );
      const results = [];
      for (const [after, upTo] of bounds) {
        const actual = await count(tx, `select private.scans_created_between(${after}, ${upTo}) as n`);
        const expected = await count(
          tx,
          `select count(*) as n from public.scans where created_at > ${after} and created_at <= ${upTo}`,
        );
        results.push({ after, actual, expected });
      }
      return results;
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    for (const { actual, expected } of outcome.value) expect(actual).toBe(expected);
    expect(outcome.value[0].actual).toBeGreaterThan(0);
  });
});

describe('admin read views', () => {
  const views = [
    ['admin_scans', 'scans'],
    ['admin_profiles', 'profiles'],
    ['admin_chats', 'chats'],
  ] as const;

  it.each(views)('%s shows an active admin every row of %s', async (view, table) => {
    const all = await count(db, `select count(*) as n from public.${table}`);
    const outcome = await attempt(db, IDENTITIES.admin, (tx) =>
      count(tx, `select count(*) as n from public.${view}`),
    );
    expect(all).toBeGreaterThan(0);
    expect(outcome).toEqual({ ok: true, value: all });
  });

  it.each(views)('%s shows app users and inactive admins nothing and refuses anon', async (view) => {
    for (const name of ['user', 'inactiveAdmin'] as IdentityName[]) {
      const outcome = await attempt(db, IDENTITIES[name], (tx) =>
        count(tx, `select count(*) as n from public.${view}`),
      );
      expect(outcome).toEqual({ ok: true, value: 0 });
    }
    const anon = await attempt(db, IDENTITIES.anon, (tx) => tx.query(`select * from public.${view}`));
    expect(anon).toMatchObject({ ok: false, code: '42501' });
  });

  it('cannot be written through, even by an admin', async () => {
    const outcome = await attempt(db, IDENTITIES.admin, (tx) =>
      tx.query(`update public.admin_scans set name = 'changed'`),
    );
    expect(outcome).toMatchObject({ ok: false, code: '42501' });
  });

  it('finds the same rows with ilike as the table, through the trigram index', async () => {
    const search = `name ilike '%masala%'`;
    const outcome = await attempt(db, IDENTITIES.admin, async (tx) => {
      const ids = async (from: string) =>
        (await tx.query<{ id: string }>(`select id from ${from} where ${search} order by id`)).rows.map(
          (r) => r.id,
        );
      // With sequential scans priced out, the plan shows whether the index can serve the filter:
      // through RLS on the table it cannot (ilike is not leakproof), through the view it can.
      await tx.query('set local enable_seqscan = off');
      const plan = async (from: string) =>
        (await tx.query<Record<string, string>>(`explain select * from ${from} where ${search}`)).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      return {
        view: await ids('public.admin_scans'),
        table: await ids('public.scans'),
        viewPlan: await plan('public.admin_scans'),
        tablePlan: await plan('public.scans'),
      };
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.view.length).toBeGreaterThan(0);
    expect(outcome.value.view).toEqual(outcome.value.table);
    expect(outcome.value.viewPlan).toContain('scans_name_trgm_idx');
    expect(outcome.value.tablePlan).not.toContain('scans_name_trgm_idx');
  });
});

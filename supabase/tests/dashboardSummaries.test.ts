import type { Database, Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { attempt, IDENTITIES, USER_ID } from './fixtures';

/**
 * The summaries that keep the dashboard's cost flat (supabase/schemas/30_app_data.sql): the
 * counted tables' row counts and the scans per UTC hour stay equal to a fresh count of the tables
 * through inserts, updates, deletes (also cascading) and truncates. Every test rolls back.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const COUNTED = ['profiles', 'chats', 'payments', 'news', 'health_tips'];

async function rowCounts(tx: Queryable) {
  const kept = await tx.query<{ table_name: string; n: number }>(
    'select table_name, n::int as n from private.row_counts order by table_name',
  );
  const fresh = [];
  for (const table of [...COUNTED].sort()) {
    const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
    fresh.push({ table_name: table, n: rows[0].n });
  }
  return { kept: kept.rows, fresh };
}

async function hourly(tx: Queryable) {
  const kept = await tx.query(
    `select hour::text as hour, scans::int as scans from private.scan_counts_hourly order by hour`,
  );
  const fresh = await tx.query(
    `select date_trunc('hour', created_at, 'UTC')::text as hour, count(*)::int as scans
       from public.scans group by 1 order by 1`,
  );
  return { kept: kept.rows, fresh: fresh.rows };
}

async function expectSummariesExactAfter(fn: (tx: Queryable) => Promise<unknown>) {
  const outcome = await attempt(db, 'superuser', async (tx) => {
    await fn(tx);
    return { counts: await rowCounts(tx), hours: await hourly(tx) };
  });
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  expect(outcome.value.counts.kept).toEqual(outcome.value.counts.fresh);
  expect(outcome.value.hours.kept).toEqual(outcome.value.hours.fresh);
  return outcome.value;
}

describe('dashboard summaries', () => {
  it('match the seeded tables', async () => {
    const { counts, hours } = await expectSummariesExactAfter(async () => undefined);
    expect(counts.kept.every((c) => c.n > 0)).toBe(true);
    expect(hours.kept.length).toBeGreaterThan(0);
  });

  it('follow multi-row inserts and deletes', async () => {
    await expectSummariesExactAfter(async (tx) => {
      await tx.exec(`
        insert into public.news (title, content, source_url)
          select format('News %s', g), 'Body', 'https://example.in/n' from generate_series(1, 3) g;
        insert into public.health_tips (tip) values ('Drink water through the day.'), ('Read the sodium line first.');
        insert into public.chats (user_id, title) select '${USER_ID}', format('Chat %s', g) from generate_series(1, 4) g;
        insert into public.profiles (user_id, name) values ('${USER_ID}', 'Nani');
        insert into public.payments (user_id, amount) values ('${USER_ID}', 99);
        delete from public.chats where title = 'Chat 2';
        delete from public.news where title like 'News %';
        insert into public.scans (name, created_at) values
          ('h1', now() - interval '3 hours'), ('h2', now() - interval '3 hours'), ('h3', now());
        delete from public.scans where name = 'h2';`);
    });
  });

  it('move a scan between hours when its date changes, and ignore other updates', async () => {
    await expectSummariesExactAfter(async (tx) => {
      await tx.exec(`
        update public.scans set created_at = created_at - interval '90 minutes'
         where id in (select id from public.scans order by created_at desc limit 7);
        update public.scans set name = name || ' (edited)' where id in (select id from public.scans limit 5);`);
    });
  });

  it("follow an app user's own inserts, and the cascade when the user is deleted", async () => {
    const outcome = await attempt(db, IDENTITIES.user, async (tx) => {
      await tx.exec(`insert into public.chats (user_id, title) values ('${USER_ID}', 'Mine')`);
      await tx.exec(`insert into public.scans (user_id, name) values ('${USER_ID}', 'Mine')`);
      await tx.query(`select set_config('role', 'none', true)`);
      await tx.exec(`delete from auth.users where id = '${USER_ID}'`);
      return { counts: await rowCounts(tx), hours: await hourly(tx) };
    });
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
    expect(outcome.value.counts.kept).toEqual(outcome.value.counts.fresh);
    expect(outcome.value.hours.kept).toEqual(outcome.value.hours.fresh);
  });

  it('are emptied by truncates and refilled by later inserts', async () => {
    const { counts, hours } = await expectSummariesExactAfter(async (tx) => {
      await tx.exec('truncate public.chats, public.scans cascade');
      await tx.exec(`insert into public.chats (title) values ('After')`);
      await tx.exec(`insert into public.scans (name) values ('After')`);
    });
    expect(counts.kept.find((c) => c.table_name === 'chats')?.n).toBe(1);
    expect(hours.kept).toHaveLength(1);
  });

  it('are readable by no API role', async () => {
    for (const identity of [IDENTITIES.anon, IDENTITIES.user, IDENTITIES.admin]) {
      for (const table of ['private.row_counts', 'private.scan_counts_hourly']) {
        const outcome = await attempt(db, identity, (tx) => tx.query(`select * from ${table}`));
        expect(outcome.ok ? 'readable' : outcome.code).toBe('42501');
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { ADMIN_ID, attempt, EDITOR_ID, INACTIVE_ADMIN_ID, ROLES, SUPPORT_ID, type Role } from './fixtures';

/**
 * supabase/schemas/27_realtime.sql: "Also open by" reads public.open_records,
 * which each operator's own session writes under row-level security. Nobody writes a row for
 * someone else or chooses how long it lasts; only the operators who may edit the record read it;
 * a row that lapsed names nobody.
 */

const TAB = '00000000-0000-4000-8000-0000000000a1';
const OTHER_TAB = '00000000-0000-4000-8000-0000000000a2';

let db: Database;
let newsId: string;
beforeAll(async () => {
  db = await openTestDatabase();
  newsId = (await db.query<{ id: string }>('select id::text from public.news order by created_at limit 1'))
    .rows[0].id;
});
afterAll(() => db.close());

const as = (tx: Queryable, role: Role) => assumeIdentity(tx, ROLES[role]);
const asSuperuser = (tx: Queryable) => tx.query(`select set_config('role', 'none', true)`);

async function markOpen(tx: Queryable, role: Role, tab = TAB, id = newsId) {
  await as(tx, role);
  const { rows } = await tx.query<{ lasts: number }>(
    `select public.admin_mark_open('news', $1, $2) as lasts`,
    [id, tab],
  );
  return rows[0].lasts;
}

async function openBy(tx: Queryable, role: Role) {
  await as(tx, role);
  const { rows } = await tx.query<{ user_id: string; email: string }>(
    `select user_id, email from public.admin_open_by('news', $1)`,
    [newsId],
  );
  return rows;
}

/** What the superuser sees: every row of the record, without the expiry. */
async function rowsOf(tx: Queryable) {
  await asSuperuser(tx);
  const { rows } = await tx.query<{ user_id: string; tab: string; lasts: number }>(
    `select user_id, tab, ceil(extract(epoch from expires_at - now()))::int as lasts
       from public.open_records where resource = 'news' and record_id = $1 order by user_id, tab`,
    [newsId],
  );
  return rows;
}

describe('public.open_records', () => {
  it("names an operator to the record's other editors once that operator's own session marked it open", async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const lasts = await markOpen(tx, 'editor');
      return {
        lasts,
        rows: await rowsOf(tx),
        owner: await openBy(tx, 'owner'),
        // Oneself is not "also" there.
        editor: await openBy(tx, 'editor'),
      };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        lasts: 90,
        rows: [{ user_id: EDITOR_ID, tab: TAB, lasts: 90 }],
        owner: [{ user_id: EDITOR_ID, email: 'editor@labellens.dev' }],
        editor: [],
      },
    });
  });

  it('shows nothing to those who may not edit the record, and refuses anon', async () => {
    for (const role of ['support', 'appUser'] as const) {
      const outcome = await attempt(db, 'superuser', async (tx) => {
        await markOpen(tx, 'editor');
        const named = await openBy(tx, role);
        const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.open_records');
        return { named, visible: rows[0].n };
      });
      expect(outcome, role).toEqual({ ok: true, value: { named: [], visible: 0 } });
    }
    const anon = await attempt(db, 'superuser', async (tx) => {
      await markOpen(tx, 'editor');
      return openBy(tx, 'anon');
    });
    expect(anon).toMatchObject({ ok: false, code: '42501' });
    const anonRead = await attempt(db, ROLES.anon, (tx) => tx.query('select 1 from public.open_records'));
    expect(anonRead).toMatchObject({ ok: false, code: '42501' });
  });

  it.each([
    ['support', 'an operator who reads news but does not edit it'],
    ['appUser', 'an app user'],
    ['anon', 'anon'],
  ] as const)('refuses a mark by %s (%s)', async (role, _who) => {
    const mark = await attempt(db, ROLES[role], (tx) =>
      tx.query(`select public.admin_mark_open('news', $1, $2)`, [newsId, TAB]),
    );
    expect(mark).toMatchObject({ ok: false, code: '42501' });
    const insert = await attempt(db, ROLES[role], (tx) =>
      tx.query(`insert into public.open_records (resource, record_id, tab) values ('news', $1, $2)`, [
        newsId,
        TAB,
      ]),
    );
    expect(insert).toMatchObject({ ok: false, code: '42501' });
  });

  it('refuses a mark for a record that does not exist or a resource without an edit dialog, and an inactive operator', async () => {
    for (const [resource, id] of [
      ['news', '00000000-0000-4000-8000-00000000dead'],
      ['scans', newsId],
    ]) {
      const outcome = await attempt(db, ROLES.owner, (tx) =>
        tx.query(`select public.admin_mark_open($1, $2, $3)`, [resource, id, TAB]),
      );
      expect(outcome, resource).toMatchObject({ ok: false, code: '42501' });
    }
    const inactive = await attempt(
      db,
      {
        role: 'authenticated',
        claims: { sub: INACTIVE_ADMIN_ID, role: 'authenticated', aud: 'authenticated' },
      },
      (tx) => tx.query(`select public.admin_mark_open('news', $1, $2)`, [newsId, TAB]),
    );
    expect(inactive).toMatchObject({ ok: false, code: '42501' });
  });

  it('lets nobody write a row for someone else, move a row to someone else, or touch theirs', async () => {
    const forOther = await attempt(db, ROLES.editor, (tx) =>
      tx.query(
        `insert into public.open_records (resource, record_id, user_id, tab) values ('news', $1, $2, $3)`,
        [newsId, ADMIN_ID, TAB],
      ),
    );
    expect(forOther).toMatchObject({ ok: false, code: '42501' });

    const outcome = await attempt(db, 'superuser', async (tx) => {
      await markOpen(tx, 'owner');
      await markOpen(tx, 'editor');
      await as(tx, 'editor');
      const touched = {
        refreshed: (await tx.query(`update public.open_records set tab = tab where user_id = $1`, [ADMIN_ID]))
          .affectedRows,
        removed: (await tx.query(`delete from public.open_records where user_id = $1`, [ADMIN_ID]))
          .affectedRows,
      };
      await tx.query('savepoint moved');
      const moved = await tx
        .query(`update public.open_records set user_id = $1 where user_id = $2`, [SUPPORT_ID, EDITOR_ID])
        .then(
          () => 'done',
          (error: { code?: string }) => error.code,
        );
      await tx.query('rollback to savepoint moved');
      return { touched, moved, rows: (await rowsOf(tx)).map((r) => r.user_id) };
    });
    expect(outcome).toEqual({
      ok: true,
      value: { touched: { refreshed: 0, removed: 0 }, moved: '42501', rows: [ADMIN_ID, EDITOR_ID] },
    });
  });

  it('sets the expiry itself, whatever a request sends', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await as(tx, 'editor');
      await tx.query(
        `insert into public.open_records (resource, record_id, tab, expires_at) values ('news', $1, $2, 'infinity')`,
        [newsId, TAB],
      );
      await tx.query(`update public.open_records set expires_at = 'infinity' where tab = $1`, [TAB]);
      return (await rowsOf(tx)).map((r) => r.lasts);
    });
    expect(outcome).toEqual({ ok: true, value: [90] });
  });

  it('names nobody for a row that lapsed (a crashed tab), and drops it at the next mark of its operator', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await markOpen(tx, 'editor', TAB);
      await asSuperuser(tx);
      // Only the superuser, with triggers off, can date a row back (as if its tab stopped refreshing).
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.open_records set expires_at = now() - interval '1 second'`);
      await tx.query(`set local session_replication_role = origin`);
      const lapsed = await openBy(tx, 'owner');
      await markOpen(tx, 'editor', OTHER_TAB);
      return { lapsed, rows: (await rowsOf(tx)).map((r) => r.tab), named: await openBy(tx, 'owner') };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        lapsed: [],
        rows: [OTHER_TAB],
        named: [{ user_id: EDITOR_ID, email: 'editor@labellens.dev' }],
      },
    });
  });

  it('lets an operator remove their own rows (a closed dialog), one tab at a time', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await markOpen(tx, 'editor', TAB);
      await markOpen(tx, 'editor', OTHER_TAB);
      await as(tx, 'editor');
      const removed = (await tx.query('delete from public.open_records where tab = $1', [TAB])).affectedRows;
      return { removed, named: await openBy(tx, 'owner') };
    });
    expect(outcome).toEqual({
      ok: true,
      value: { removed: 1, named: [{ user_id: EDITOR_ID, email: 'editor@labellens.dev' }] },
    });
  });

  it('refuses a 21st dialog of one operator within the lifetime, and still refreshes the 20 it has', async () => {
    const tab = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const outcome = await attempt(db, ROLES.editor, async (tx) => {
      // Twenty dialogs (one statement), one of them refreshed, then a twenty-first.
      await tx.query(
        `select public.admin_mark_open('news', $1, ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid)
           from generate_series(1, 20) n`,
        [newsId],
      );
      await tx.query(`select public.admin_mark_open('news', $1, $2)`, [newsId, tab(20)]);
      return tx.query(`select public.admin_mark_open('news', $1, $2)`, [newsId, tab(21)]);
    });
    expect(outcome).toEqual({ ok: false, code: '54000', message: 'Too many records open at once' });
  });
});

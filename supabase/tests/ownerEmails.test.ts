import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { attempt, IDENTITIES, USER_ID } from './fixtures';

/**
 * private.user_emails (supabase/schemas/32_app_data_paging.sql): the owner emails the
 * admin views read, kept by a trigger on auth.users, closed to every API role; and admin_owner_ids,
 * which turns a search's words into the ids of the users whose email contains them.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const NEW_USER = '00000000-0000-4000-8000-00000000e001';
const DEMO_EMAIL = 'user@labellens.dev';

const emailOf = async (tx: Queryable, id: string) =>
  (await tx.query<{ email: string | null }>('select email from private.user_emails where user_id = $1', [id]))
    .rows;

/** Runs `fn` as GoTrue's role, supabase_auth_admin (the trigger's caller on a hosted project). */
const asAuthServer = <T>(fn: (tx: Queryable) => Promise<T>) =>
  attempt(db, 'superuser', async (tx) => {
    await tx.query(`select set_config('role', 'supabase_auth_admin', true)`);
    const value = await fn(tx);
    await tx.query(`select set_config('role', 'none', true)`);
    return { value, after: await emailOf(tx, NEW_USER) };
  });

describe('private.user_emails follows auth.users', () => {
  it('holds every existing user’s email', async () => {
    const { rows } = await db.query<{ missing: number }>(
      `select count(*)::int as missing from auth.users u
        where not exists (select 1 from private.user_emails e where e.user_id = u.id and e.email is not distinct from u.email)`,
    );
    expect(rows).toEqual([{ missing: 0 }]);
  });

  it('gains a row when GoTrue inserts a user, follows an email change, loses it on delete', async () => {
    const insert = `insert into auth.users (id, aud, role, email, created_at, updated_at)
                    values ('${NEW_USER}', 'authenticated', 'authenticated', 'New.Person@Example.in', now(), now())`;
    expect(await asAuthServer((tx) => tx.query(insert))).toMatchObject({
      ok: true,
      value: { after: [{ email: 'New.Person@Example.in' }] },
    });
    expect(
      await asAuthServer(async (tx) => {
        await tx.query(insert);
        await tx.query(`update auth.users set email = 'renamed@example.in' where id = $1`, [NEW_USER]);
      }),
    ).toMatchObject({ ok: true, value: { after: [{ email: 'renamed@example.in' }] } });
    expect(
      await asAuthServer(async (tx) => {
        await tx.query(insert);
        await tx.query(`delete from auth.users where id = $1`, [NEW_USER]);
      }),
    ).toMatchObject({ ok: true, value: { after: [] } });
  });

  it('is closed to anon, app users and admins alike (schema private, no grant, no policy)', async () => {
    for (const name of ['anon', 'user', 'admin'] as const) {
      const outcome = await attempt(db, IDENTITIES[name], (tx) =>
        tx.query('select * from private.user_emails'),
      );
      expect(outcome).toEqual({ ok: false, code: '42501', message: 'permission denied for schema private' });
    }
  });

  it('its trigger function is callable by no API role', async () => {
    const { rows } = await db.query<{ role: string; can: boolean }>(
      `select r as role, has_function_privilege(r, 'private.sync_user_email()', 'execute') as can
         from unnest(array['anon', 'authenticated', 'service_role']) r`,
    );
    expect(rows).toEqual([
      { role: 'anon', can: false },
      { role: 'authenticated', can: false },
      { role: 'service_role', can: false },
    ]);
  });
});

describe('admin_owner_ids: a search’s words to the users whose email contains them', () => {
  const ownerIds = (words: string[], who: keyof typeof IDENTITIES = 'admin') =>
    attempt(
      db,
      IDENTITIES[who],
      async (tx) =>
        (await tx.query<{ ids: Array<string[] | null> }>('select public.admin_owner_ids($1) as ids', [words]))
          .rows[0].ids,
    );

  it('answers each word’s owners, case-insensitively, and [] for a word no email contains', async () => {
    expect(await ownerIds(['USER@LABELLENS', 'zz-no-such-email'])).toEqual({
      ok: true,
      value: [[USER_ID], []],
    });
  });

  it('matches % _ and \\ literally; a word longer than any email names no one', async () => {
    expect(await ownerIds(['%', '_', '\\', 'u'.repeat(256)])).toEqual({ ok: true, value: [[], [], [], []] });
  });

  it('looks up 50 words at most: the rest answer null (matched on the email column instead)', async () => {
    const outcome = await ownerIds(Array.from({ length: 51 }, () => DEMO_EMAIL));
    expect(outcome).toEqual({
      ok: true,
      value: [...Array.from({ length: 50 }, () => [USER_ID]), null],
    });
  });

  it('answers null for a word more than 50 users’ emails contain', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query(
        `insert into auth.users (id, aud, role, email, created_at, updated_at)
         select gen_random_uuid(), 'authenticated', 'authenticated', 'crowd' || n || '@example.in', now(), now()
           from generate_series(1, 101) n`,
      );
      await tx.query(`select set_config('role', 'authenticated', true)`);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify(IDENTITIES.admin.claims),
      ]);
      return (
        await tx.query<{ ids: unknown[] }>(
          `select public.admin_owner_ids(array['crowd', 'crowd100@']) as ids`,
        )
      ).rows[0].ids;
    });
    expect(outcome).toMatchObject({ ok: true, value: [null, [expect.any(String)]] });
  });

  it('refuses non-admins and anon', async () => {
    expect(await ownerIds(['user'], 'user')).toEqual({
      ok: false,
      code: '42501',
      message: 'Admin privileges required',
    });
    expect(await ownerIds(['user'], 'anon')).toMatchObject({ ok: false, code: '42501' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { attempt, IDENTITIES, USER_ID } from './fixtures';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const asAdmin = <T>(sql: string, params?: unknown[]) =>
  attempt(db, IDENTITIES.admin, async (tx) => (await tx.query<T>(sql, params)).rows);

describe('admin read views: owner email and message count', () => {
  it('gives each scan, profile and chat its owner email, null when anonymous', async () => {
    for (const view of ['admin_scans', 'admin_profiles', 'admin_chats']) {
      const table = view.replace('admin_', '');
      const expected = await db.query<{ id: string; email: string | null }>(
        `select t.id, u.email::text as email from public.${table} t left join auth.users u on u.id = t.user_id order by t.id`,
      );
      const outcome = await asAdmin<{ id: string; email: string | null }>(
        `select id, owner_email as email from public.${view} order by id`,
      );
      expect(outcome).toEqual({ ok: true, value: expected.rows });
    }
    const mine = await asAdmin<{ owner_email: string }>(
      `select distinct owner_email from public.admin_chats where user_id = $1`,
      [USER_ID],
    );
    expect(mine).toEqual({ ok: true, value: [{ owner_email: 'user@labellens.dev' }] });
  });

  it("counts each chat's messages", async () => {
    const expected = await db.query<{ id: string; n: number }>(
      `select c.id, count(m.id)::int as n from public.chats c left join public.messages m on m.chat_id = c.id
        group by c.id order by c.id`,
    );
    const outcome = await asAdmin<{ id: string; n: number }>(
      'select id, message_count as n from public.admin_chats order by id',
    );
    expect(outcome).toEqual({ ok: true, value: expected.rows });
    expect(expected.rows.some((r) => r.n === 0)).toBe(true);
  });

  it('shows non-admins nothing', async () => {
    for (const name of ['user', 'inactiveAdmin'] as const) {
      const outcome = await attempt(
        db,
        IDENTITIES[name],
        async (tx) =>
          (await tx.query<{ n: number }>('select count(*)::int as n from public.admin_chats')).rows[0].n,
      );
      expect(outcome).toEqual({ ok: true, value: 0 });
    }
    const anon = await attempt(db, IDENTITIES.anon, (tx) => tx.query('select 1 from public.admin_scans'));
    expect(anon).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('admin_list_users search by words', () => {
  const emails = (search: string) =>
    asAdmin<{ email: string }>('select email from public.admin_list_users($1)', [search]).then((o) =>
      o.ok ? o.value.map((r) => r.email).sort() : o,
    );

  it('keeps users where every word appears in the email, phone or id', async () => {
    expect(await emails('labellens admin')).toEqual([
      'admin@labellens.dev',
      'inactive-admin@labellens.dev',
      'mfa-admin@labellens.dev',
    ]);
    expect(await emails('  INACTIVE   labellens ')).toEqual(['inactive-admin@labellens.dev']);
    expect(await emails('priya 98765')).toEqual(['priya.patel@example.in']);
    expect(await emails('priya labellens')).toEqual([]);
  });
});

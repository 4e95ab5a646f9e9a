import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import type { Database } from '../../mocks/supabase/db';
import {
  ADMIN_ID,
  attempt,
  count,
  IDENTITIES,
  IDENTITY_IDS,
  USER_CHAT_SQL,
  USER_ID,
  type IdentityName,
} from './fixtures';
import { OPERATOR_ACCESS, RESOURCE_DATA } from '../../src/resources';
import { registryAllows, sampleRow, tabled } from './registryAccess';
import { baseTable } from '../../src/providers/resourceData';

/**
 * The row-level security matrix (docs/architecture.md), every table × identity × operation. Expected row
 * counts are SQL conditions counted independently as the superuser ($1 = the identity's user id);
 * 'denied' means Postgres refuses with SQLSTATE 42501 (no privilege, or a row the policy rejects).
 */
type Rows = string;
type Expected = {
  select: Rows | 'denied';
  insert: 'ok' | 'denied';
  update: Rows | 'denied';
  delete: Rows | 'denied';
};

const ALL = 'true';
const NONE = 'false';
const OWN = 'user_id = $1';
const DENIED = { select: 'denied', insert: 'denied', update: 'denied', delete: 'denied' } as const;

const owned = (own: Rows): Record<IdentityName, Expected> => ({
  anon: DENIED,
  user: { select: own, insert: 'ok', update: own, delete: own },
  inactiveAdmin: { select: own, insert: 'ok', update: own, delete: own },
  admin: { select: ALL, insert: 'ok', update: own, delete: own },
});
/** The admin's (an owner's) writes on every row of a resource's table, as the registry allows them. */
const ownerWrites = (resource: string): Omit<Expected, 'select'> => {
  const data = RESOURCE_DATA.find((d) => d.name === resource)!;
  const allows = (write: 'insert' | 'update' | 'delete') =>
    registryAllows(OPERATOR_ACCESS, data, 'owner', write);
  return {
    insert: allows('insert') ? 'ok' : 'denied',
    update: allows('update') ? ALL : NONE,
    delete: allows('delete') ? ALL : NONE,
  };
};
const adminContent = (readable: Rows, resource: string): Record<IdentityName, Expected> => ({
  anon: DENIED,
  user: { select: readable, insert: 'denied', update: NONE, delete: NONE },
  inactiveAdmin: { select: readable, insert: 'denied', update: NONE, delete: NONE },
  admin: { select: ALL, ...ownerWrites(resource) },
});
const readOnly = (ownRows: Rows, adminRows: Rows): Record<IdentityName, Expected> => ({
  anon: DENIED,
  user: { ...DENIED, select: ownRows },
  inactiveAdmin: { ...DENIED, select: ownRows },
  admin: { ...DENIED, select: adminRows },
});

interface TableCase {
  table: string;
  /** an insert of one valid row; $1 is the caller's own user id when used */
  insert: string;
  /** a no-op assignment, so an update only tests who may update which rows */
  set: string;
  expected: Record<IdentityName, Expected>;
}

const OWN_MESSAGES = 'chat_id in (select id from public.chats where user_id = $1)';

const TABLES: TableCase[] = [
  {
    table: 'scans',
    insert: `insert into public.scans (user_id, name, health_score) values ($1, 'Test scan', 50)`,
    set: 'name = name',
    expected: owned(OWN),
  },
  {
    table: 'profiles',
    insert: `insert into public.profiles (user_id, name) values ($1, 'Test person')`,
    set: 'name = name',
    expected: owned(OWN),
  },
  {
    table: 'chats',
    insert: `insert into public.chats (user_id, title) values ($1, 'Test chat')`,
    set: 'title = title',
    expected: owned(OWN),
  },
  {
    table: 'messages',
    // into the demo user's chat: only its owner may add to it
    insert: `insert into public.messages (chat_id, role, content) values (${USER_CHAT_SQL}, 'user', 'Hello')`,
    set: 'content = content',
    expected: {
      ...owned(OWN_MESSAGES),
      inactiveAdmin: { select: OWN_MESSAGES, insert: 'denied', update: OWN_MESSAGES, delete: OWN_MESSAGES },
      admin: { select: ALL, insert: 'denied', update: OWN_MESSAGES, delete: OWN_MESSAGES },
    },
  },
  {
    table: 'user_devices',
    insert: `insert into public.user_devices (user_id, token) values ($1, 'test-token-' || gen_random_uuid())`,
    set: 'platform = platform',
    expected: owned(OWN),
  },
  {
    table: 'payments',
    insert: `insert into public.payments (user_id, amount) values ($1, 99)`,
    set: 'status = status',
    expected: readOnly(OWN, ALL),
  },
  {
    table: 'news',
    insert: `insert into public.news (title, content, source_url) values ('Title', 'Content', 'https://example.com/a')`,
    set: 'title = title',
    expected: adminContent(ALL, 'news'),
  },
  {
    table: 'health_tips',
    insert: `insert into public.health_tips (tip) values ('Drink a glass of water first.')`,
    set: 'tip = tip',
    expected: adminContent(ALL, 'health-tips'),
  },
  {
    table: 'tags',
    insert: `insert into public.tags (key, label, icon, color, category) values ('test-tag', 'Test', 'tag', '#ef4444', 'general')`,
    set: 'label = label',
    expected: adminContent('is_active', 'tags'),
  },
  {
    table: 'notifications',
    insert: `insert into public.notifications (user_id, title, body, status) values ('${USER_ID}', 'Hi', 'There', 'sent')`,
    set: 'title = title',
    expected: readOnly(NONE, ALL),
  },
  {
    table: 'push_settings',
    insert: `insert into public.push_settings (id) values (1)`,
    set: 'daily_cap = daily_cap',
    expected: readOnly(NONE, ALL),
  },
  {
    table: 'push_sends',
    insert: `insert into public.push_sends (definition, title_en, body_en, status, needs_approval, people, devices, created_by) values ('{}', 'T', 'B', 'scheduled', false, 0, 0, '${USER_ID}')`,
    set: 'title_en = title_en',
    expected: readOnly(NONE, ALL),
  },
  {
    table: 'push_deliveries',
    insert: `insert into public.push_deliveries (send_id, device_id, user_id, status) values (gen_random_uuid(), gen_random_uuid(), '${USER_ID}', 'sent')`,
    set: 'status = status',
    expected: readOnly(NONE, ALL),
  },
  {
    table: 'push_audiences',
    insert: `insert into public.push_audiences (name, definition, created_by) values ('RLS ' || gen_random_uuid(), '{}', auth.uid())`,
    set: 'name = name',
    expected: {
      anon: DENIED,
      user: { select: NONE, insert: 'denied', update: NONE, delete: NONE },
      inactiveAdmin: { select: NONE, insert: 'denied', update: NONE, delete: NONE },
      admin: { select: ALL, insert: 'ok', update: ALL, delete: ALL },
    },
  },
  {
    table: 'contact_messages',
    insert: `insert into public.contact_messages (first_name, email, message) values ('Asha', 'asha@example.in', 'Hello there')`,
    set: 'status = status',
    expected: {
      anon: { select: 'denied', insert: 'ok', update: 'denied', delete: 'denied' },
      // Deleting moves a message to the trash (supabase/schemas/25_trash.sql): the inbox's roles only.
      user: { select: NONE, insert: 'ok', update: NONE, delete: NONE },
      inactiveAdmin: { select: NONE, insert: 'ok', update: NONE, delete: NONE },
      admin: { select: ALL, ...ownerWrites('contact-messages') },
    },
  },
  {
    // Written only by the trash's functions (supabase/tests/trash.test.ts); read per restoring role.
    table: 'trash',
    insert: `insert into public.trash (record_id, resource, record, restorers) values (gen_random_uuid(), 'news', '{}', '{owner}')`,
    set: 'label = label',
    expected: readOnly(NONE, ALL),
  },
  {
    // Written only by the purge, through record_purge_run() (supabase/tests/trash.test.ts); read by operators.
    table: 'trash_purge_runs',
    insert: `insert into public.trash_purge_runs (succeeded) values (true)`,
    set: 'reason = reason',
    expected: readOnly(NONE, ALL),
  },
  {
    // Who has a record open (supabase/tests/openRecords.test.ts): written by the operator's own session.
    table: 'open_records',
    insert: `insert into public.open_records (resource, record_id, tab) select 'news', id::text, gen_random_uuid() from public.news limit 1`,
    set: 'tab = tab',
    expected: {
      anon: DENIED,
      user: { select: NONE, insert: 'denied', update: NONE, delete: NONE },
      inactiveAdmin: { select: NONE, insert: 'denied', update: NONE, delete: NONE },
      admin: { select: ALL, insert: 'ok', update: OWN, delete: OWN },
    },
  },
  {
    table: 'admin_users',
    insert: `insert into public.admin_users (user_id) values ($1)`,
    set: 'is_active = is_active',
    // Owners read the team (the demo admin is an owner); each operator their own row.
    expected: readOnly(OWN, ALL),
  },
  {
    // Written only through update_admin_settings() (supabase/tests/mfaAudit.test.ts).
    table: 'admin_settings',
    insert: `insert into public.admin_settings (id) values (2)`,
    set: 'mfa_required = mfa_required',
    expected: readOnly(NONE, ALL),
  },
  {
    // Append-only: written by triggers, read by admins.
    table: 'audit_log',
    insert: `insert into public.audit_log (action, resource) values ('update', 'news')`,
    set: 'action = action',
    expected: readOnly(NONE, ALL),
  },
];

/**
 * Every table of a registry resource with no case above: the operators' own, as its descriptor's
 * access says (app users and inactive operators read none of it, the owner writes what the
 * registry lets), its sample row read from the catalog (supabase/tests/registryAccess.ts). A table
 * that app users may read needs its case above.
 */
const REGISTRY_TABLES: TableCase[] = tabled(RESOURCE_DATA)
  .filter((data) => !TABLES.some((c) => c.table === baseTable(data)))
  .map((data) => ({ table: baseTable(data), insert: '', set: '', expected: adminContent(NONE, data.name) }));
const CASES = [...TABLES, ...REGISTRY_TABLES];

/** A case's insert and no-op assignment: its own, or a registry table's sample row. */
const rowOf = async (c: TableCase) => (c.insert ? c : sampleRow(db, c.table));

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const withOwnId = (sql: string, name: IdentityName) => (sql.includes('$1') ? [IDENTITY_IDS[name]] : []);

async function expectedRows(table: string, where: Rows, name: IdentityName): Promise<number> {
  return count(db, `select count(*) as n from public.${table} where ${where}`, withOwnId(where, name));
}

async function expectOutcome(
  name: IdentityName,
  sql: string,
  expected: Rows | 'denied' | 'ok',
  table: string,
  read: (rows: Record<string, unknown>[], affected: number | undefined) => number,
) {
  const outcome = await attempt(db, IDENTITIES[name], async (tx) => {
    const result = await tx.query(sql, withOwnId(sql, name));
    return read(result.rows, result.affectedRows);
  });
  if (expected === 'denied') {
    expect(outcome).toMatchObject({ ok: false, code: '42501' });
  } else if (expected === 'ok') {
    expect(outcome).toEqual({ ok: true, value: 1 });
  } else {
    expect(outcome).toEqual({ ok: true, value: await expectedRows(table, expected, name) });
  }
}

const identityNames = Object.keys(IDENTITIES) as IdentityName[];

describe.each(CASES)('RLS on $table', (c) => {
  const { table, expected } = c;
  it.each(identityNames)('select as %s', (name) =>
    expectOutcome(name, `select count(*) as n from public.${table}`, expected[name].select, table, (rows) =>
      Number(rows[0].n),
    ),
  );
  it.each(identityNames)('insert as %s', async (name) =>
    expectOutcome(
      name,
      (await rowOf(c)).insert,
      expected[name].insert,
      table,
      (_rows, affected) => affected ?? -1,
    ),
  );
  it.each(identityNames)('update as %s', async (name) =>
    expectOutcome(
      name,
      `update public.${table} set ${(await rowOf(c)).set}`,
      expected[name].update,
      table,
      (_r, affected) => affected ?? -1,
    ),
  );
  it.each(identityNames)('delete as %s', (name) =>
    expectOutcome(
      name,
      `delete from public.${table}`,
      expected[name].delete,
      table,
      (_r, affected) => affected ?? -1,
    ),
  );
});

describe('RLS details', () => {
  it('shows the demo user exactly their seeded data', async () => {
    const outcome = await attempt(db, IDENTITIES.user, async (tx) => {
      const { rows } = await tx.query<Record<string, number>>(`
        select (select count(*) from public.scans) as scans, (select count(*) from public.profiles) as profiles,
               (select count(*) from public.chats) as chats, (select count(*) from public.user_devices) as devices,
               (select count(*) from public.payments) as payments`);
      return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
    });
    expect(outcome).toEqual({
      ok: true,
      value: { scans: 12, profiles: 4, chats: 3, devices: 1, payments: 2 },
    });
  });

  it('lets admins see anonymous scans and chats, and app users none of them', async () => {
    const anonymous = `select (select count(*) from public.scans where user_id is null) + (select count(*) from public.chats where user_id is null) as n`;
    const total = await count(db, anonymous);
    expect(total).toBeGreaterThan(0);
    expect(await attempt(db, IDENTITIES.admin, (tx) => count(tx, anonymous))).toEqual({
      ok: true,
      value: total,
    });
    expect(await attempt(db, IDENTITIES.user, (tx) => count(tx, anonymous))).toEqual({ ok: true, value: 0 });
  });

  it("refuses an app user's rows written for someone else, or moved to someone else", async () => {
    const forOther = await attempt(db, IDENTITIES.user, (tx) =>
      tx.query(`insert into public.scans (user_id, name) values ($1, 'Not mine')`, [ADMIN_ID]),
    );
    expect(forOther).toMatchObject({ ok: false, code: '42501' });
    const anonymousScan = await attempt(db, IDENTITIES.user, (tx) =>
      tx.query(`insert into public.scans (user_id, name) values (null, 'Nobody')`),
    );
    expect(anonymousScan).toMatchObject({ ok: false, code: '42501' });
    const moved = await attempt(db, IDENTITIES.user, (tx) =>
      tx.query(`update public.chats set user_id = $1`, [ADMIN_ID]),
    );
    expect(moved).toMatchObject({ ok: false, code: '42501' });
  });

  it('forces a new contact message to status new: anon cannot choose it', async () => {
    const chosen = await attempt(db, IDENTITIES.anon, (tx) =>
      tx.query(`insert into public.contact_messages (first_name, email, message, status)
                values ('Asha', 'asha@example.in', 'Hello', 'archived')`),
    );
    expect(chosen).toMatchObject({ ok: false, code: '42501' });
  });

  it("lets admins change only a contact message's status", async () => {
    const status = await attempt(db, IDENTITIES.admin, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `select id from public.contact_messages where status = 'new' limit 1`,
      );
      const result = await tx.query(`update public.contact_messages set status = 'read' where id = $1`, [
        rows[0].id,
      ]);
      return result.affectedRows;
    });
    expect(status).toEqual({ ok: true, value: 1 });
    const text = await attempt(db, IDENTITIES.admin, (tx) =>
      tx.query(`update public.contact_messages set message = 'x'`),
    );
    expect(text).toMatchObject({ ok: false, code: '42501' });
  });

  it('answers is_admin() for the active admin only', async () => {
    const results = await Promise.all(
      identityNames.map(async (name) => [
        name,
        await attempt(
          db,
          IDENTITIES[name],
          async (tx) => (await tx.query<{ a: boolean }>('select public.is_admin() as a')).rows[0].a,
        ),
      ]),
    );
    expect(Object.fromEntries(results)).toEqual({
      // No policy anon meets calls it, so anon may not (the Security Advisor's anon WARN).
      anon: { ok: false, code: '42501', message: 'permission denied for function is_admin' },
      user: { ok: true, value: false },
      inactiveAdmin: { ok: true, value: false },
      admin: { ok: true, value: true },
    });
  });

  it('lets the service role write notifications (the edge function) past RLS', async () => {
    const outcome = await attempt(
      db,
      { role: 'service_role', claims: { role: 'service_role' } },
      async (tx) => {
        const result = await tx.query(
          `insert into public.notifications (user_id, title, body, status, message_id, sent_by)
           values ($1, 'Hi', 'There', 'sent', 'projects/p/messages/1', $2)`,
          [USER_ID, ADMIN_ID],
        );
        return result.affectedRows;
      },
    );
    expect(outcome).toEqual({ ok: true, value: 1 });
  });

  // mocks/supabase/db/db.test.ts creates (and drops) this scratch table; on a shared server it may run alongside
  const SCRATCH = `'identity_probe'`;

  it('enables row-level security on every public table', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' and relname <> ${SCRATCH} order by relname`,
    );
    expect(
      rows.map((r) => r.relname),
      'a public table with no case: add it to TABLES in supabase/tests/rls.test.ts (or its resource to src/resources/index.ts)',
    ).toEqual([...CASES.map((t) => t.table)].sort());
    expect(rows.every((r) => r.relrowsecurity)).toBe(true);
  });

  it('grants anon nothing but inserting the five contact form columns (as on a hosted project)', async () => {
    const tables = await db.query(
      `select table_name from information_schema.role_table_grants where grantee = 'anon' and table_schema = 'public' and table_name <> ${SCRATCH}`,
    );
    expect(tables.rows).toEqual([]);
    const columns = await db.query<{ table_name: string; column_name: string; privilege_type: string }>(
      `select table_name, column_name, privilege_type from information_schema.column_privileges
        where grantee = 'anon' and table_schema = 'public' and table_name <> ${SCRATCH} order by column_name`,
    );
    expect(columns.rows).toEqual(
      ['email', 'first_name', 'last_name', 'message', 'subject'].map((column_name) => ({
        table_name: 'contact_messages',
        column_name,
        privilege_type: 'INSERT',
      })),
    );
  });
});

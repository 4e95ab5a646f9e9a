import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable } from '../../mocks/supabase/db';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import { signUserToken } from '../../mocks/supabase/rest/testFixture';
import { createStandIn, type StandIn } from '../../mocks/supabase/standIn';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { baseTable, readRelation } from '../../src/providers/resourceData';
import { RESOURCE_DATA } from '../../src/resources';
import { EDITOR_ID, ROLES, SUPPORT_ID, type Role } from './fixtures';

/**
 * Paging is blind to what the caller cannot read (admin_page_rows, admin_page): databases that
 * differ only in rows a role cannot read answer every paging call of that role identically. `base`
 * is the test snapshot with the callers' own probe rows; `othersRows` adds rows of another user, of
 * the inbox and of the team, which the editor, an app user and anon cannot read; `teamRows` adds an
 * operator and an owners-only trash entry, which support cannot read. The owner reads every row, so
 * no pair exists for it (checked below). Each hidden row sorts next to a probe row on every column:
 * it is the probe's twin (same values, an id just below or above), or holds the value an attack
 * looked for.
 */

const id = (n: number) => `e0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
/** The probe rows' ids are multiples of 16; their hidden twins are one below and one above. */
const PROBE = { profileC: id(0x10), profileE: id(0x20), device: id(0x30), scan: id(0x40), chat: id(0x50) };
const PROBE_MORE = { message: id(0x60), payment: id(0x70), news: id(0x80), newsLater: id(0x90) };
const T0 = `timestamptz '2024-06-01 12:00:00+00'`;

/** The callers' own rows (in every database): the editor as an app user, and its trash. */
const PROBES = `
  insert into public.profiles (id, user_id, name, health_conditions, created_at) values
    ('${PROBE.profileC}', '${EDITOR_ID}', 'Probe', '{"Type 2 c"}', ${T0}),
    ('${PROBE.profileE}', '${EDITOR_ID}', 'Probe', '{"Type 2 e"}', ${T0} + interval '1 minute');
  insert into public.user_devices (id, user_id, token, platform, created_at) values
    ('${PROBE.device}', '${EDITOR_ID}', 'fcm-probe-m', 'android', ${T0});
  insert into public.scans (id, user_id, name, category, health_score, created_at) values
    ('${PROBE.scan}', '${EDITOR_ID}', 'Probe scan', 'Snacks', 50, ${T0});
  insert into public.chats (id, user_id, title, created_at) values ('${PROBE.chat}', '${EDITOR_ID}', 'Probe chat', ${T0});
  insert into public.messages (id, chat_id, role, content, created_at) values
    ('${PROBE_MORE.message}', '${PROBE.chat}', 'user', 'Probe message', ${T0});
  insert into public.payments (id, user_id, amount, created_at) values ('${PROBE_MORE.payment}', '${EDITOR_ID}', 99, ${T0});
  -- The editor's trash: deleted news titled like addresses, around the hidden sender's.
  insert into public.news (id, title, content, source_url, created_at, updated_at) values
    ('${PROBE_MORE.news}', 'carol@example.net', 'Probe', 'https://example.test/a', ${T0}, ${T0}),
    ('${PROBE_MORE.newsLater}', 'carol@example.test', 'Probe', 'https://example.test/b', ${T0}, ${T0});
  delete from public.news where id in ('${PROBE_MORE.news}', '${PROBE_MORE.newsLater}');
  -- The same instants in every database (now() differs), with the updated_at triggers off.
  set session_replication_role = replica;
  do $$
  declare t text;
  begin
    foreach t in array array['profiles', 'user_devices', 'scans', 'chats', 'messages', 'payments'] loop
      if exists (select 1 from pg_attribute where attrelid = format('public.%I', t)::regclass and attname = 'updated_at') then
        execute format('update public.%I set updated_at = $1 where id::text like ''e0000000-%%''', t) using ${T0};
      end if;
    end loop;
  end $$;
  -- An entry's own id is new in each database: give the editor's entries their rows' ids.
  update public.trash set deleted_at = ${T0}, id = record_id where label like 'carol@%';
  reset session_replication_role;
  -- Each paging call, its answer or its error, as the caller (the differential's runner).
  create schema paging_test;
  create function paging_test.try_call(fn text, args jsonb) returns jsonb language plpgsql as $f$
  begin
    if fn = 'rows' then
      return jsonb_build_object('rows', public.admin_page_rows(args ->> 0, args ->> 1, args -> 2, (args ->> 3)::int, (args ->> 4)::int));
    end if;
    return jsonb_build_object('page', public.admin_page(args ->> 0, args ->> 1, args -> 2, (args ->> 3)::int, (args ->> 4)::int));
  exception when others then
    return jsonb_build_object('code', sqlstate, 'message', sqlerrm);
  end $f$;
  grant usage on schema paging_test to anon, authenticated;
  grant execute on function paging_test.try_call(text, jsonb) to anon, authenticated;`;

/** `table`'s row `probe` again, as another row: the same values but for `set` (a JSON object). */
const twin = (table: string, probe: string, set: Record<string, unknown>) =>
  `insert into public.${table}
     select (jsonb_populate_record(null::public.${table}, to_jsonb(t) || '${JSON.stringify(set)}'::jsonb)).*
       from public.${table} t where t.id = '${probe}';`;
/** Twins one id below and above the probe: next to it in every order. */
const twins = (table: string, probe: number, set: Record<string, unknown>) =>
  twin(table, id(probe), { ...set, id: id(probe - 1) }) +
  twin(table, id(probe), { ...set, id: id(probe + 1) });

/** A user who is neither an operator nor the demo app user: the rows' owner, or the new operator. */
const stranger = (n: number) =>
  `(select u.id from auth.users u
     where not exists (select 1 from public.admin_users a where a.user_id = u.id)
       and u.id <> '00000000-0000-4000-8000-000000000002' order by u.id offset ${n} limit 1)`;

/** Rows the editor, an app user and anon cannot read. */
const OTHERS_ROWS = `
  create temporary table other_user on commit drop as select ${stranger(0)} as id;
  ${twins('profiles', 0x10, {})} ${twins('profiles', 0x20, {})}
  ${twin('user_devices', PROBE.device, { id: id(0x2f), token: 'fcm-probe-lz' })}
  ${twin('user_devices', PROBE.device, { id: id(0x31), token: 'fcm-probe-m0' })}
  ${twins('scans', 0x40, {})} ${twins('chats', 0x50, {})} ${twins('payments', 0x70, {})}
  update public.profiles set user_id = (select id from other_user) where id in ('${id(0x0f)}', '${id(0x11)}', '${id(0x1f)}', '${id(0x21)}');
  update public.user_devices set user_id = (select id from other_user) where id in ('${id(0x2f)}', '${id(0x31)}');
  update public.scans set user_id = (select id from other_user) where id in ('${id(0x3f)}', '${id(0x41)}');
  update public.chats set user_id = (select id from other_user) where id in ('${id(0x4f)}', '${id(0x51)}');
  update public.payments set user_id = (select id from other_user) where id in ('${id(0x6f)}', '${id(0x71)}');
  ${twin('messages', PROBE_MORE.message, { id: id(0x5f), chat_id: id(0x4f) })}
  ${twin('messages', PROBE_MORE.message, { id: id(0x61), chat_id: id(0x51) })}
  -- What the attacks read: a health condition, a push token, a contact sender's address.
  insert into public.profiles (id, user_id, name, health_conditions, created_at)
    values ('${id(0x100)}', (select id from other_user), 'Hidden', '{"Type 2 diabetes"}', ${T0} + interval '30 seconds');
  insert into public.user_devices (id, user_id, token, platform, created_at)
    values ('${id(0x101)}', (select id from other_user), 'fcm-probe-k-secret', 'ios', ${T0});
  insert into public.contact_messages (id, first_name, email, message, created_at)
    values ('${id(0x102)}', 'Carol', 'carol@example.org', 'Hidden', ${T0}),
           ('${id(0x103)}', 'Carol', 'carol@example.org', 'Hidden and kept', ${T0});
  delete from public.contact_messages where id = '${id(0x102)}';
  insert into public.notifications
    select (jsonb_populate_record(null::public.notifications, to_jsonb(n) || jsonb_build_object('id', '${id(0x104)}', 'user_id', (select id from other_user)))).*
      from public.notifications n order by n.id limit 1;
  -- One operator more: where pages of the team turn empty would count them.
  insert into public.admin_users (id, user_id, role, created_at) values ('${id(0x105)}', ${stranger(1)}, 'editor', ${T0});`;

/** Rows support cannot read: an operator more, and a trash entry only owners restore. */
const TEAM_ROWS = `
  insert into public.admin_users (id, user_id, role, created_at) values ('${id(0x105)}', ${stranger(1)}, 'owner', ${T0});
  insert into public.trash
    select (jsonb_populate_record(null::public.trash, to_jsonb(t) || jsonb_build_object('id', '${id(0x106)}', 'restorers', array['owner'], 'label', 'carol@example.org'))).*
      from public.trash t where t.label = 'carol@example.net';`;

let base: Database;
let othersRows: Database;
let teamRows: Database;
beforeAll(async () => {
  [base, othersRows, teamRows] = await Promise.all([
    openTestDatabase(),
    openTestDatabase(),
    openTestDatabase(),
  ]);
  for (const db of [base, othersRows, teamRows]) await db.exec(PROBES);
  await othersRows.transaction((tx) => tx.exec(OTHERS_ROWS));
  await teamRows.exec(TEAM_ROWS);
});
afterAll(() => Promise.all([base, othersRows, teamRows].map((db) => db?.close())));

/** The database that differs from `base` only in rows `role` cannot read. */
const hiddenFrom = (role: Role) => (role === 'support' ? teamRows : othersRows);
const ROLES_COMPARED = ['editor', 'support', 'appUser', 'anon'] as const;

type Call = ['rows' | 'page', [string, string, unknown, number, number]];

/** Runs every call as `role` in one statement, each in its own subtransaction: its answer or its error. */
async function asRole(db: Database, role: Role, calls: readonly Call[]): Promise<unknown[]> {
  return db.transaction(async (tx) => {
    await assumeIdentity(tx, ROLES[role]);
    const { rows } = await tx.query<{ r: unknown[] }>(
      `select coalesce(jsonb_agg(paging_test.try_call(c ->> 0, c -> 1) order by n), '[]') as r
         from jsonb_array_elements($1::jsonb) with ordinality as e(c, n)`,
      [JSON.stringify(calls)],
    );
    return rows[0].r;
  });
}

/** How many rows of `read` the role reads in `db`. */
async function visibleCount(db: Database, role: Role, read: string): Promise<number> {
  const refused = -1;
  return db
    .transaction(async (tx) => {
      await assumeIdentity(tx, ROLES[role]);
      return (await tx.query<{ n: number }>(`select count(*)::int as n from public.${read}`)).rows[0].n;
    })
    .catch(() => refused);
}

/** Every (base table, read relation) the paging functions serve: each pageable table read itself, and each resource's. */
async function pairs(q: Queryable): Promise<Array<[string, string]>> {
  const { rows } = await q.query<{ name: string }>(
    `select c.relname as name from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'id' and a.atttypid = 'uuid'::regtype
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.relrowsecurity order by 1`,
  );
  const tables: Array<[string, string]> = rows.map((r) => [r.name, r.name]);
  const views = RESOURCE_DATA.filter((data) => data.table && !data.reads).map(
    (data) => [baseTable(data), readRelation(data)] as [string, string],
  );
  return [...tables, ...views];
}

/** The columns an order may name: the base table's that the read relation has too. */
async function sortColumns(q: Queryable, relation: string, read: string): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
        and exists (select 1 from pg_attribute b where b.attrelid = $2::regclass and b.attname = a.attname)
      order by a.attnum`,
    [`public.${relation}`, `public.${read}`],
  );
  return rows.map((r) => r.name);
}

/**
 * Every paging call of one pair: sort keys over every column either way (the id tie-breaker last),
 * one-row pages at every boundary of the rows the role reads (0, between each two, past the end) and
 * a longer page; admin_page (the total too) for the first column. A pair where the role's database
 * differs in no row gets the id order only.
 */
async function callsOf(role: Role, relation: string, read: string): Promise<Call[]> {
  const n = await visibleCount(base, role, read);
  const differs = await differsIn(role, read);
  const oneRowSkips =
    n <= 6 ? Array.from({ length: Math.max(n, 0) + 2 }, (_, i) => i) : [0, 1, n - 1, n, n + 1];
  // A table read through a resource's view is sorted over every column there; read itself, by its
  // list's orders only.
  const viewed =
    relation === read && RESOURCE_DATA.some((data) => baseTable(data) === relation && data.table);
  const columns = !differs ? ['id'] : viewed ? ['created_at', 'id'] : await sortColumns(base, relation, read);
  return columns.flatMap((column, c) =>
    [true, false].flatMap((ascending) => {
      const terms =
        column === 'id'
          ? [{ field: 'id', ascending }]
          : [
              { field: column, ascending },
              { field: 'id', ascending },
            ];
      const calls: Call[] = oneRowSkips.map((skip) => ['rows', [relation, read, terms, skip, 1]]);
      calls.push(['rows', [relation, read, terms, Math.max(n - 1, 0), 3]]);
      if (c === 0) for (const skip of [0, n]) calls.push(['page', [relation, read, terms, skip, 2]]);
      return calls;
    }),
  );
}

/** Whether the role's two databases hold different rows of `read` (as its superuser sees them). */
async function differsIn(role: Role, read: string): Promise<boolean> {
  const count = async (db: Database) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from public.${read}`)).rows[0].n;
  return (await count(base)) !== (await count(hiddenFrom(role)));
}

describe('paging answers a role the same whatever rows it cannot read', () => {
  it('uses databases that differ only in rows the role cannot read, and the owner reads every row', async () => {
    for (const [relation, read] of await pairs(base)) {
      for (const role of ROLES_COMPARED)
        expect([role, read, await visibleCount(hiddenFrom(role), role, read)]).toEqual([
          role,
          read,
          await visibleCount(base, role, read),
        ]);
      // Nothing of either difference is hidden from the owner: it reads every row of the tables.
      if (relation === read)
        for (const db of [othersRows, teamRows]) {
          const all = (await db.query<{ n: number }>(`select count(*)::int as n from public.${read}`)).rows[0]
            .n;
          expect([read, await visibleCount(db, 'owner', read)]).toEqual([read, all]);
        }
    }
    // Both differences hold rows of the oracles' tables.
    for (const read of ['profiles', 'user_devices', 'trash', 'admin_users'])
      expect(await differsIn('editor', read)).toBe(true);
    for (const read of ['trash', 'admin_users']) expect(await differsIn('support', read)).toBe(true);
  });

  it.each(ROLES_COMPARED)('for %s, over every pair, column, direction and boundary', async (role) => {
    const calls = (
      await Promise.all((await pairs(base)).map(([relation, read]) => callsOf(role, relation, read)))
    ).flat();
    const [seen, hidden] = [await asRole(base, role, calls), await asRole(hiddenFrom(role), role, calls)];
    const differing = seen.flatMap((outcome, i) =>
      JSON.stringify(outcome) === JSON.stringify(hidden[i]) ? [] : [[calls[i], outcome, hidden[i]]],
    );
    expect(differing).toEqual([]);
    expect(calls.length).toBeGreaterThan(100);
  });
});

/** The attacks' exact requests, over HTTP to the stand-in as the editor, in both databases. */
describe('the attacks that read hidden rows through paging', () => {
  let standIns: { seen: StandIn; hidden: StandIn };
  let editorToken: string;
  beforeAll(async () => {
    standIns = { seen: createStandIn({ db: base }), hidden: createStandIn({ db: othersRows }) };
    editorToken = await signUserToken(EDITOR_ID);
  });

  /** One RPC as the editor: status, Content-Range and body. */
  const rpc = async (standIn: StandIn, fn: string, body: unknown) => {
    const response = (await standIn.handle(
      new Request(`http://localhost:54321/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_ANON_KEY,
          Authorization: `Bearer ${editorToken}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      }),
    ))!;
    return {
      status: response.status,
      range: response.headers.get('content-range'),
      body: (await response.json()) as unknown,
    };
  };
  /** The one-row pages skip = 0..last of an order, in both databases; the ids (or error codes) they answer. */
  const pagesOf = async (relation: string, terms: unknown, last: number) => {
    const answers = { seen: [] as unknown[], hidden: [] as unknown[] };
    for (const which of ['seen', 'hidden'] as const)
      for (let skip = 0; skip <= last; skip++) {
        const { status, range, body } = await rpc(standIns[which], 'admin_page_rows', {
          relation,
          read_relation: relation,
          sort_terms: terms,
          skip,
          take: 1,
        });
        answers[which].push(
          status === 200
            ? [status, range, (body as Array<{ id: string }>).map((row) => row.id)]
            : [status, range, body],
        );
      }
    return answers;
  };
  /** The skip, in the table's whole order, at which the old walk placed `probe`: past every row before it. */
  const rankOf = async (db: Database, relation: string, order: string, probe: string) =>
    (
      await db.query<{ n: number }>(
        `select n::int from (select id, row_number() over (order by ${order}) - 1 as n from public.${relation}) r where id = $1`,
        [probe],
      )
    ).rows[0].n;

  it('an app user’s health condition: profiles by health_conditions answer the editor its own rows only', async () => {
    const terms = [
      { field: 'health_conditions', ascending: true },
      { field: 'id', ascending: true },
    ];
    // The hidden "Type 2 diabetes" sorts between the probes "Type 2 c" and "Type 2 e".
    const order = 'health_conditions, id';
    const rank = await rankOf(othersRows, 'profiles', order, PROBE.profileE);
    expect(rank).toBe((await rankOf(base, 'profiles', order, PROBE.profileE)) + 4);
    const answers = await pagesOf('profiles', terms, rank + 1);
    expect(answers.hidden).toEqual(answers.seen);
    expect(answers.seen).toEqual([
      [200, '0-0/*', [PROBE.profileC]],
      [200, '0-0/*', [PROBE.profileE]],
      ...Array.from({ length: rank }, () => [200, '0-0/*', []]),
    ]);
  });

  it('a user’s push token: user_devices by token answer the editor its own device only', async () => {
    const terms = [
      { field: 'token', ascending: true },
      { field: 'id', ascending: true },
    ];
    const rank = await rankOf(othersRows, 'user_devices', 'token, id', PROBE.device);
    expect(rank).toBeGreaterThan(await rankOf(base, 'user_devices', 'token, id', PROBE.device));
    const answers = await pagesOf('user_devices', terms, rank + 1);
    expect(answers.hidden).toEqual(answers.seen);
    expect(answers.seen).toEqual([
      [200, '0-0/*', [PROBE.device]],
      ...Array.from({ length: rank + 1 }, () => [200, '0-0/*', []]),
    ]);
  });

  it('a contact sender’s address: the trash by label answers the editor its own entries only', async () => {
    const terms = [
      { field: 'label', ascending: true },
      { field: 'id', ascending: true },
    ];
    // The hidden sender "carol@example.org" sorts between the editor's "…net" and "…test".
    const answers = await pagesOf('trash', terms, 3);
    expect(answers.hidden).toEqual(answers.seen);
    const own = (
      await base.query<{ id: string }>(
        `select id from public.trash where label like 'carol@%' order by label`,
      )
    ).rows;
    expect(answers.seen).toEqual([
      [200, '0-0/*', [own[0].id]],
      [200, '0-0/*', [own[1].id]],
      [200, '0-0/*', []],
      [200, '0-0/*', []],
    ]);
  });

  it('the number of operators: pages of the team turn empty where the editor’s own rows end', async () => {
    const terms = [
      { field: 'created_at', ascending: true },
      { field: 'id', ascending: true },
    ];
    const operators = Number(
      (await othersRows.query<{ n: string }>('select count(*) as n from public.admin_users')).rows[0].n,
    );
    expect(operators).toBe(6);
    const answers = await pagesOf('admin_users', terms, operators + 1);
    expect(answers.hidden).toEqual(answers.seen);
    const own = (
      await base.query<{ id: string }>('select id from public.admin_users where user_id = $1', [EDITOR_ID])
    ).rows[0].id;
    expect(answers.seen).toEqual([
      [200, '0-0/*', [own]],
      ...Array.from({ length: operators + 1 }, () => [200, '0-0/*', []]),
    ]);
    // Support, who reads its own row only too, and admin_page's count: the same for both teams.
    expect(SUPPORT_ID).not.toBe(EDITOR_ID);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ROWS } from '../../src/domain/limits';
import { assumeIdentity, type Database, type Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { attempt, count, IDENTITIES, ROLES, type IdentityName } from './fixtures';

/**
 * admin_page_rows (supabase/schemas/31_app_data_admin_reads.sql, its helpers in 32_app_data_paging.sql): the rows
 * of one page of any public table with row-level security, as the caller may read them, no injection.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const NEWEST_FIRST = [
  { field: 'created_at', ascending: false },
  { field: 'id', ascending: false },
];

/** The table or view each list reads (the descriptors' `table`). */
const READ: Record<string, string> = {
  scans: 'admin_scans',
  profiles: 'admin_profiles',
  chats: 'admin_chats',
};

const pageRows =
  (relation: string, terms: unknown, skip: number, take: number, read = READ[relation] ?? relation) =>
  (tx: Queryable) =>
    tx
      .query<{ rows: Array<Record<string, unknown>> }>(
        'select public.admin_page_rows($1, $2, $3::jsonb, $4, $5) as rows',
        [relation, read, JSON.stringify(terms), skip, take],
      )
      .then((r) => r.rows[0].rows);

/** The ids of the page admin_page_rows answers. */
const pageIds =
  (relation: string, terms: unknown, skip: number, take: number, read = READ[relation] ?? relation) =>
  (tx: Queryable) =>
    pageRows(relation, terms, skip, take, read)(tx).then((rows) => rows.map((row) => row.id));

/** Whether the paging function `name` is security definer, its settings, and who may call it. */
const rightsOf = async (name: 'admin_page_rows' | 'admin_page') =>
  (
    await db.query<{ definer: boolean; config: string[]; anon: boolean; authenticated: boolean }>(
      `select p.prosecdef as definer, p.proconfig as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p where p.oid = format('public.%I(text, text, jsonb, integer, integer)', $1::text)::regprocedure`,
      [name],
    )
  ).rows[0];

const sqlIds = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => r.id);

describe('admin_page_rows', () => {
  it('answers the ids of rows skip..skip+take-1 in the order, as SQL orders them', async () => {
    expect(await attempt(db, IDENTITIES.admin, pageIds('scans', NEWEST_FIRST, 3, 5))).toEqual({
      ok: true,
      value: await sqlIds('select id from public.scans order by created_at desc, id desc offset 3 limit 5'),
    });
    const twoKeys = [
      { field: 'category', ascending: false },
      { field: 'sort_order', ascending: true },
      { field: 'id', ascending: true },
    ];
    expect(await attempt(db, IDENTITIES.admin, pageIds('tags', twoKeys, 10, 10))).toEqual({
      ok: true,
      value: await sqlIds(
        'select id from public.tags order by category desc, sort_order, id offset 10 limit 10',
      ),
    });
    expect(await attempt(db, IDENTITIES.admin, pageIds('tags', twoKeys, 1000, 10))).toEqual({
      ok: true,
      value: [],
    });
  });

  it('finds every window of scans in creation order, either way, through the per-day summary', async () => {
    // scans over many days, several per day, some at the same instant (ties broken by id)
    await db.exec(`
      insert into public.scans (name, category, health_score, created_at)
      select format('Paged scan %s', g), 'Snacks', 50,
             timestamptz '2024-03-01 00:00:00+00' + make_interval(hours => (g / 3) * 7)
        from generate_series(1, 300) g;`);
    for (const ascending of [false, true]) {
      const direction = ascending ? 'asc' : 'desc';
      const all = await sqlIds(
        `select id from public.scans order by created_at ${direction}, id ${direction}`,
      );
      const terms = [
        { field: 'created_at', ascending },
        { field: 'id', ascending },
      ];
      for (const skip of [0, 1, 17, 100, 163, all.length - 7, all.length - 1, all.length, all.length + 40]) {
        expect([
          ascending,
          skip,
          await attempt(db, IDENTITIES.admin, pageIds('scans', terms, skip, 10)),
        ]).toEqual([ascending, skip, { ok: true, value: all.slice(skip, skip + 10) }]);
      }
    }
  });

  it('answers whole rows of the list’s view, as select=* shapes them', async () => {
    const outcome = await attempt(db, IDENTITIES.admin, pageRows('scans', NEWEST_FIRST, 0, 2));
    const columns = (
      await db.query<{ name: string }>(
        `select attname as name from pg_attribute
          where attrelid = 'public.admin_scans'::regclass and attnum > 0 and not attisdropped order by attnum`,
      )
    ).rows.map((r) => r.name);
    expect(outcome.ok).toBe(true);
    const rows = (outcome as { value: Array<Record<string, unknown>> }).value;
    expect(rows.map((row) => Object.keys(row).sort())).toEqual([[...columns].sort(), [...columns].sort()]);
    expect(columns).toContain('owner_email');
  });

  it('reads rows from the table itself or a view of it, and from no other relation (22023)', async () => {
    expect(await attempt(db, IDENTITIES.admin, pageIds('scans', NEWEST_FIRST, 0, 2))).toEqual(
      await attempt(db, IDENTITIES.admin, (tx) =>
        pageRows('scans', NEWEST_FIRST, 0, 2, 'scans')(tx).then((rows) => rows.map((row) => row.id)),
      ),
    );
    for (const read of ['news', 'admin_users', 'auth.users', 'profiles', 'admin_profiles']) {
      expect(await attempt(db, IDENTITIES.admin, pageRows('scans', NEWEST_FIRST, 0, 5, read))).toMatchObject({
        ok: false,
        code: '22023',
      });
    }
  });

  it.each<IdentityName>(['anon', 'user', 'inactiveAdmin'])('refuses %s with 42501', async (who) => {
    expect(await attempt(db, IDENTITIES[who], pageIds('scans', NEWEST_FIRST, 0, 5))).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('pages no relation but a public table with row-level security (22023), whatever the name', async () => {
    for (const relation of [
      'admin_scans',
      'users',
      'auth.users',
      'scans; select 1',
      'private.scan_stats_daily',
    ]) {
      expect(await attempt(db, IDENTITIES.admin, pageIds(relation, NEWEST_FIRST, 0, 5))).toMatchObject({
        ok: false,
        code: '22023',
      });
    }
  });

  it('takes a column only as a quoted identifier that exists (42703), so SQL in a field is a name', async () => {
    const injected = [{ field: 'id desc; delete from public.scans; --', ascending: true }];
    expect(await attempt(db, IDENTITIES.admin, pageIds('scans', injected, 0, 5))).toMatchObject({
      ok: false,
      code: '42703',
    });
    expect(
      await attempt(
        db,
        IDENTITIES.admin,
        pageIds('scans', [{ field: 'owner_email', ascending: true }], 0, 5),
      ),
    ).toMatchObject({
      ok: false,
      code: '42703',
    });
  });

  it('refuses malformed terms and windows past max-rows (22023)', async () => {
    const bad: Array<[unknown, number, number]> = [
      [[], 0, 5],
      [{ field: 'id', ascending: true }, 0, 5],
      [[{ field: 'id', ascending: 'yes' }], 0, 5],
      [[{ field: 1, ascending: true }], 0, 5],
      [NEWEST_FIRST, -1, 5],
      [NEWEST_FIRST, 0, 0],
      [NEWEST_FIRST, 0, MAX_ROWS + 1],
    ];
    for (const [terms, skip, take] of bad) {
      expect(await attempt(db, IDENTITIES.admin, pageIds('scans', terms, skip, take))).toMatchObject({
        ok: false,
        code: '22023',
      });
    }
  });

  it('runs as the caller (its index walk as the definer), with an empty search_path, executable by signed-in users only', async () => {
    expect(await rightsOf('admin_page_rows')).toEqual({
      definer: false,
      config: ['search_path=""'],
      anon: false,
      authenticated: true,
    });
    const { rows } = await db.query(
      `select p.prosecdef as definer, p.proconfig as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_schema_privilege('anon', 'admin_reads', 'usage') as anon_schema
         from pg_proc p where p.oid = 'admin_reads.page_ids(text, jsonb, integer, integer)'::regprocedure`,
    );
    expect(rows[0]).toEqual({
      definer: true,
      config: ['search_path=""'],
      anon: false,
      authenticated: true,
      anon_schema: false,
    });
  });

  // A new resource's table is paged without editing the function: the catalog says what may be.
  it('pages a new table with row-level security and a uuid id, as its policies let the caller read it', async () => {
    const NEW_TABLE = `create table public.label_warnings (
        id uuid primary key default gen_random_uuid(),
        title text not null,
        created_at timestamptz not null default now());
      alter table public.label_warnings enable row level security;
      create policy "Operators read label warnings" on public.label_warnings for select to authenticated
        using ((select public.has_admin_role('owner', 'editor')));
      grant select on public.label_warnings to authenticated;
      insert into public.label_warnings (title, created_at)
        select 'Guide ' || n, now() - n * interval '1 minute' from generate_series(1, 5) n;`;
    const asCaller = async (who: 'owner' | 'editor' | 'support') =>
      attempt(db, 'superuser', async (tx) => {
        for (const statement of NEW_TABLE.split(';').filter((sql) => sql.trim())) await tx.query(statement);
        await assumeIdentity(tx, ROLES[who]);
        const rows = await pageRows('label_warnings', NEWEST_FIRST, 1, 2)(tx);
        return rows.map((row) => row.title);
      });
    expect(await asCaller('owner')).toEqual({ ok: true, value: ['Guide 2', 'Guide 3'] });
    expect(await asCaller('editor')).toEqual({ ok: true, value: ['Guide 2', 'Guide 3'] });
    // Support's role is not in the policy: it reads no row, so its pages are empty.
    expect(await asCaller('support')).toEqual({ ok: true, value: [] });
  });

  it('refuses a public table without row-level security (22023)', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query('create table public.open_rows (id uuid primary key, created_at timestamptz)');
      await tx.query('grant select on public.open_rows to authenticated');
      await assumeIdentity(tx, ROLES.owner);
      return pageIds('open_rows', NEWEST_FIRST, 0, 5)(tx);
    });
    expect(outcome).toMatchObject({ ok: false, code: '22023' });
  });

  it.each([
    ['editor', 'scans'],
    ['editor', 'profiles'],
    ['editor', 'contact_messages'],
    ['editor', 'notifications'],
    ['support', 'admin_users'],
    ['editor', 'user_devices'],
  ] as const)('answers the %s a page of %s among the rows its policies let it read, as a select of them does', async (who, relation) => {
    const read = relation === 'notifications' ? 'admin_notifications' : (READ[relation] ?? relation);
    const mine = (skip: number) => async (tx: Queryable) =>
      (
        await tx.query<{ id: string }>(
          `select id from public.${read} order by created_at desc, id desc offset ${skip} limit 5`,
        )
      ).rows.map((row) => row.id);
    for (const skip of [0, 1, 3, 1000])
      expect(await attempt(db, ROLES[who], pageIds(relation, NEWEST_FIRST, skip, 5, read)), `skip ${skip}`).toEqual(
        await attempt(db, ROLES[who], mine(skip)),
      );
  });

  it('walks the whole table only for a role that reads every row of it: called directly, the walk answers the others no ids', async () => {
    const ids = (who: 'owner' | 'editor' | 'support', relation: string) =>
      attempt(db, ROLES[who], async (tx) =>
        (
          await tx.query<{ ids: string[] }>('select admin_reads.page_ids($1, $2::jsonb, 0, 2) as ids', [
            relation,
            JSON.stringify(NEWEST_FIRST),
          ])
        ).rows[0].ids,
      );
    for (const [who, relation] of [
      ['editor', 'profiles'],
      ['editor', 'user_devices'],
      ['editor', 'admin_users'],
      ['support', 'admin_users'],
      ['owner', 'user_devices'],
    ] as const)
      expect([who, relation, await ids(who, relation)]).toEqual([who, relation, { ok: true, value: null }]);
    expect(await ids('editor', 'news')).toEqual({
      ok: true,
      value: await sqlIds('select id from public.news order by created_at desc, id desc limit 2'),
    });
  });

  it('answers the editor an empty page of the scans at every skip, so where pages turn empty tells no count', async () => {
    const scans = await count(db, 'select count(*) as n from public.scans');
    for (const skip of [0, scans - 1, scans, scans + 1000])
      expect(await attempt(db, ROLES.editor, pageIds('scans', NEWEST_FIRST, skip, 1)), `skip ${skip}`).toEqual({
        ok: true,
        value: [],
      });
    // An operator who reads the table gets an empty page past its end only.
    expect(await attempt(db, IDENTITIES.admin, pageIds('scans', NEWEST_FIRST, scans - 1, 5))).toMatchObject({
      ok: true,
      value: [expect.any(String)],
    });
    expect(await attempt(db, IDENTITIES.admin, pageIds('scans', NEWEST_FIRST, scans, 5))).toEqual({ ok: true, value: [] });
  });

  it('lets every operator role page the content it reads', async () => {
    for (const who of ['owner', 'editor', 'support'] as const)
      for (const relation of ['news', 'health_tips', 'tags'])
        expect(await attempt(db, ROLES[who], pageIds(relation, NEWEST_FIRST, 0, 3)), `${who} ${relation}`).toEqual({
          ok: true,
          value: await sqlIds(`select id from public.${relation} order by created_at desc, id desc limit 3`),
        });
  });

  it('takes a name with SQL in it as one quoted identifier, naming no relation (22023)', async () => {
    for (const [relation, read] of [
      ['news" where false; drop table public.news; --', 'news'],
      ['news', 'news" v; drop table public.news; --'],
      ['news', 'news v where true or v.id'],
    ])
      expect(await attempt(db, IDENTITIES.admin, pageIds(relation, NEWEST_FIRST, 0, 5, read))).toMatchObject({
        ok: false,
        code: '22023',
      });
    expect(await count(db, 'select count(*) as n from public.news')).toBeGreaterThan(0);
  });

  it('walks an index only for the lists’ default orders', async () => {
    const planOf = async (sql: string) => {
      const { rows } = await db.transaction(async (tx) => {
        await tx.query(`select set_config('enable_seqscan', 'off', true)`);
        return tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
      });
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    for (const [table, order] of [
      ['scans', 'created_at desc, id desc'],
      ['profiles', 'created_at desc, id desc'],
      ['chats', 'created_at desc, id desc'],
      ['tags', 'category, sort_order, id'],
    ]) {
      expect(await planOf(`select id from public.${table} order by ${order} offset 100 limit 25`)).toMatch(
        new RegExp(`Index Only Scan (Backward )?using ${table}_\\w+ on ${table}`),
      );
    }
  });
});

/** admin_page (supabase/schemas/31_app_data_admin_reads.sql): a page and the list's total in one round trip. */
describe('admin_page', () => {
  const page =
    (relation: string, terms: unknown, skip: number, take: number, read = READ[relation] ?? relation) =>
    (tx: Queryable) =>
      tx
        .query<{ page: { total: number; rows: Array<{ id: string }> } }>(
          'select public.admin_page($1, $2, $3::jsonb, $4, $5) as page',
          [relation, read, JSON.stringify(terms), skip, take],
        )
        .then((r) => ({ total: r.rows[0].page.total, ids: r.rows[0].page.rows.map((row) => row.id) }));

  it('answers the exact total up to max-rows and the page, from either end, as SQL orders it', async () => {
    const all = await sqlIds('select id from public.tags order by category, sort_order, id');
    const terms = [
      { field: 'category', ascending: true },
      { field: 'sort_order', ascending: true },
      { field: 'id', ascending: true },
    ];
    // before the middle (read forwards), past it (read backwards), the last partial page, past the end
    for (const skip of [0, 5, Math.ceil(all.length / 2) + 1, all.length - 3, all.length, all.length + 10]) {
      expect([skip, await attempt(db, IDENTITIES.admin, page('tags', terms, skip, 10))]).toEqual([
        skip,
        { ok: true, value: { total: all.length, ids: all.slice(skip, skip + 10) } },
      ]);
    }
  });

  it('past max-rows answers the planner’s estimate, as count=estimated does, and pages from the end', async () => {
    await db.exec(`
      insert into public.scans (name, category, health_score, created_at)
      select format('Counted scan %s', g), 'Snacks', 50,
             timestamptz '2023-01-01 00:00:00+00' + make_interval(mins => g)
        from generate_series(1, 1200) g;
      analyze public.scans;`);
    const oldest = await sqlIds('select id from public.scans order by created_at, id limit 4');
    const outcome = await attempt(db, IDENTITIES.admin, async (tx) => {
      // the estimate PostgREST takes for the admin's count of the list's view
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
        'explain (format json) select 1 from public.admin_scans',
      );
      const raw = rows[0]['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
        Plan: { 'Plan Rows': number };
      }>;
      const estimate = Math.max(1001, plan[0].Plan['Plan Rows']);
      return { estimate, last: await page('scans', NEWEST_FIRST, estimate - 4, 4)(tx) };
    });
    expect(outcome).toMatchObject({ ok: true });
    const { estimate, last } = (
      outcome as { value: { estimate: number; last: { total: number; ids: string[] } } }
    ).value;
    expect(estimate).toBeGreaterThan(1000);
    // the last page by the total shown: read backwards from the end, so the oldest rows, newest first
    expect(last).toEqual({ total: estimate, ids: [...oldest].reverse() });
  });

  it.each<IdentityName>(['anon', 'user', 'inactiveAdmin'])(
    'refuses %s with 42501, before counting',
    async (who) => {
      expect(await attempt(db, IDENTITIES[who], page('scans', NEWEST_FIRST, 600, 5))).toMatchObject({
        ok: false,
        code: '42501',
      });
    },
  );

  it('reads and counts no relation outside the lists’ own, and takes names only as identifiers', async () => {
    for (const read of ['news', 'admin_users', 'profiles']) {
      expect(await attempt(db, IDENTITIES.admin, page('scans', NEWEST_FIRST, 0, 5, read))).toMatchObject({
        ok: false,
        code: '22023',
      });
    }
    // a name that is SQL is looked up as one quoted identifier, which names no relation
    expect(
      await attempt(
        db,
        IDENTITIES.admin,
        page('scans', NEWEST_FIRST, 0, 5, 'scans; delete from public.scans; --'),
      ),
    ).toMatchObject({ ok: false, code: '42P01' });
    expect(
      await attempt(db, IDENTITIES.admin, page('users', NEWEST_FIRST, 0, 5, 'admin_scans')),
    ).toMatchObject({
      ok: false,
      code: '22023',
    });
  });

  it('runs as the caller, with an empty search_path, executable by signed-in users only', async () => {
    expect(await rightsOf('admin_page')).toEqual({
      definer: false,
      config: ['search_path=""'],
      anon: false,
      authenticated: true,
    });
  });
});

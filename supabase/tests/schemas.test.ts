import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATION_ROLE } from '../../mocks/supabase/db/prepare';
import { openSnapshotPglite } from '../../mocks/supabase/testing/snapshot';
import { buildFromSchemas, schemaPaths, SUPABASE_DIR } from './declaredSchema';
import { diffDumps, dumpSchema, type DumpEntry } from './schemaDump';

/**
 * supabase/schemas/ (the current definition, config.toml's schema_paths) and supabase/migrations/
 * (the record of change, what `supabase db push` applies) build the same database: the whole of
 * `pg_dump --schema-only` is the same for both, entry by entry (every schema, table, column order,
 * default, constraint, index, view and its options, function with its body and settings, trigger,
 * policy, grant, default privilege, replica identity, publication member with its column list and
 * row filter, comment, owner and extension; the platform's schemas included, so what the project
 * adds there counts too), and so are what pg_dump leaves to pg_dumpall: roles, their memberships
 * and settings. A change made in one and not the other fails here, named by its entry.
 */

/**
 * What pg_dump leaves out (pg_dumpall's part, and the database's own rights) and a migration can
 * change: roles, memberships, per-role settings, the database's owner and grants.
 */
const CLUSTER_SQL = `
  select format('role %s %s', rolname, array[rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin,
                rolreplication, rolbypassrls]::text) from pg_roles where rolname !~ '^pg_'
  union all
  select format('member %s of %s admin=%s inherit=%s set=%s', member::regrole, roleid::regrole, admin_option,
                inherit_option, set_option) from pg_auth_members
  union all
  select format('database owner=%s acl=%s', pg_get_userbyid(datdba), (select array_agg(a::text order by a::text)
                from unnest(datacl) a)) from pg_database where datname = current_database()
  union all
  select format('setting %s %s %s', setrole::regrole, setdatabase, c) from pg_db_role_setting, unnest(setconfig) c`;

async function clusterLines(pg: PGlite): Promise<string[]> {
  const { rows } = await pg.query<{ line: string }>(
    `select line from (${CLUSTER_SQL}) s(line) order by line collate "C"`,
  );
  return rows.map((r) => r.line);
}

/** Where the two differ, entry by entry; and the cluster-wide lines found on one side only. */
async function compare(migrated: PGlite, declared: PGlite) {
  const [dumpM, dumpD, clusterM, clusterD] = [
    await dumpSchema(migrated),
    await dumpSchema(declared),
    await clusterLines(migrated),
    await clusterLines(declared),
  ];
  return {
    dump: { migrated: dumpM, declared: dumpD },
    differences: diffDumps(dumpM, dumpD).map(({ header, onlyLeft, onlyRight }) => ({
      entry: header,
      onlyMigrations: onlyLeft,
      onlySchemas: onlyRight,
    })),
    cluster: {
      onlyMigrations: clusterM.filter((l) => !clusterD.includes(l)),
      onlySchemas: clusterD.filter((l) => !clusterM.includes(l)),
    },
  };
}

let migrated: PGlite;
let declared: PGlite;
beforeAll(async () => {
  [migrated, declared] = await Promise.all([openSnapshotPglite(), buildFromSchemas()]);
});
afterAll(async () => {
  await migrated?.close();
  await declared?.close();
});

it("config.toml's schema_paths apply every file of supabase/schemas/, by name", async () => {
  const files = (await readdir(path.join(SUPABASE_DIR, 'schemas'))).filter((f) => f.endsWith('.sql')).sort();
  expect(schemaPaths()).toEqual(files.map((f) => `./schemas/${f}`));
});

it('a schema file listed before what it needs fails naming the file, the missing object and where it is', async () => {
  // A resource's file right after the audit file, before the trash file its trash trigger needs.
  const paths = schemaPaths().filter((f) => !f.endsWith('/50_contact.sql'));
  paths.splice(paths.indexOf('./schemas/20_audit.sql') + 1, 0, './schemas/50_contact.sql');
  await expect(buildFromSchemas(paths)).rejects.toThrow(
    'supabase/schemas/50_contact.sql: function private.move_to_trash() does not exist; it is defined in ' +
      "supabase/schemas/25_trash.sql, which sorts later: number " +
      'supabase/schemas/50_contact.sql after it (infrastructure is 00-29, resources 30-99)',
  );
});

it('supabase/schemas/ and supabase/migrations/ define the same database', async () => {
  const { dump, differences, cluster } = await compare(migrated, declared);
  // Written as a sentence so CI's log says what to do, then as values so it shows where.
  if (differences.length || cluster.onlyMigrations.length || cluster.onlySchemas.length)
    expect
      .soft(
        differences.map((d) => d.entry),
        'supabase/migrations/ and supabase/schemas/ disagree: run npm run db:diff -- <name> to write the migration from the schema (docs/schema-first.md)',
      )
      .toEqual([]);
  expect(differences).toEqual([]);
  expect(cluster).toEqual({ onlyMigrations: [], onlySchemas: [] });
  // The dump is the project's (not an empty or failed one).
  const kinds = (entries: DumpEntry[]) => new Set(entries.map((e) => /; Type: ([^;]+);/.exec(e.header)?.[1]));
  expect([...kinds(dump.migrated)]).toEqual(
    expect.arrayContaining(['FUNCTION', 'POLICY', 'ACL', 'VIEW', 'TRIGGER']),
  );
  expect(dump.migrated.length).toBeGreaterThan(500);
});

/** A change made on one side only, and what the comparison must answer for it. */
interface Mutation {
  side: 'migrations' | 'schemas';
  sql: string;
  entry: string;
  onlyMigrations: unknown[];
  onlySchemas: unknown[];
}

/** What the mutations change: the project's objects, found in the catalog (none is named here). */
async function targets(pg: PGlite) {
  const ours = (owner: string) => `pg_get_userbyid(${owner}) = '${MIGRATION_ROLE}'`;
  const some = async <T>(sql: string, n = 1) => {
    const { rows } = await pg.query<T>(`${sql} limit ${n}`);
    if (rows.length < n) throw new Error(`too few targets: ${sql}`);
    return rows;
  };
  const relation = `c.relnamespace::regnamespace::text s, c.relname t, pg_get_userbyid(c.relowner) o`;
  const tables = await some<{ s: string; t: string; o: string }>(
    `select ${relation} from pg_class c
      where c.relkind = 'r' and ${ours('c.relowner')} and c.relreplident = 'd' and c.reloptions is null
        and not exists (select 1 from pg_description d where d.objoid = c.oid and d.objsubid = 0)
      order by 1, 2`,
    2,
  );
  const [view] = await some<{ s: string; t: string; o: string }>(
    `select ${relation} from pg_class c
      where c.relkind = 'v' and ${ours('c.relowner')} and c.reloptions = array['security_invoker=true'] order by 1, 2`,
  );
  const members = await some<{ p: string; s: string; t: string; o: string; k: string }>(
    `select p.pubname p, ${relation}, a.attname k
       from pg_publication_rel r join pg_publication p on p.oid = r.prpubid join pg_class c on c.oid = r.prrelid
       join pg_index i on i.indrelid = c.oid and i.indisprimary
       join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
      where r.prqual is null and r.prattrs is null order by 1, 2, 3`,
    2,
  );
  const functions = (
    await some<{
      s: string;
      f: string;
      args: string;
      sig: string;
      volatile: string;
      cost: number;
      retset: boolean;
      parallel: string;
      config: string[] | null;
      o: string;
    }>(
      `select p.pronamespace::regnamespace::text s, p.proname f, oidvectortypes(p.proargtypes) args,
              p.oid::regprocedure::text sig, p.provolatile volatile, p.procost cost, p.proretset retset,
              p.proparallel parallel, p.proconfig config, pg_get_userbyid(p.proowner) o
         from pg_proc p
        where p.prokind = 'f' and ${ours('p.proowner')} and p.prorettype <> 'trigger'::regtype
          and p.pronamespace::regnamespace::text <> 'pgmq' -- pgmq's own (the platform's, mocks/supabase/vendor/pgmq), all alike
        order by 1, 2, 3`,
      5,
    )
  ).slice();
  const take = (fits: (f: (typeof functions)[number]) => boolean) => {
    const index = functions.findIndex(fits);
    if (index < 0) throw new Error('no function to change');
    return functions.splice(index, 1)[0];
  };
  const [trigger] = await some<{ s: string; t: string; o: string; name: string; def: string }>(
    `select ${relation}, g.tgname name, pg_get_triggerdef(g.oid) def from pg_trigger g
       join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
      where not g.tgisinternal and not ${ours('c.relowner')} and ${ours('p.proowner')} order by 1, 2, 4`,
  );
  const [policy] = await some<{ s: string; t: string; o: string; name: string }>(
    `select ${relation}, p.polname name from pg_policy p join pg_class c on c.oid = p.polrelid
      where c.relnamespace = 'storage'::regnamespace order by 1, 2, 4`,
  );
  return {
    tables,
    view,
    members,
    trigger,
    policy,
    cost: take((f) => f.cost === 100),
    rows: take((f) => f.retset),
    volatility: take((f) => f.volatile === 's'),
    parallel: take((f) => f.parallel === 'u'),
    config: take((f) => !f.config?.some((c) => c.startsWith('work_mem='))),
  };
}

/** The header pg_dump writes above an object's entry. */
const entry = (name: string, type: string, o: { s: string; o: string }) =>
  `Name: ${name}; Type: ${type}; Schema: ${o.s}; Owner: ${o.o}`;
const languageLine = (ending: RegExp) =>
  expect.stringMatching(new RegExp(`^    LANGUAGE .*${ending.source}`));

// Runs last: it changes both databases.
it('names each change made on one side only, of every kind pg_dump shows', async () => {
  const t = await targets(declared);
  const [stored, replicated] = t.tables;
  const [filtered, narrowed] = t.members;
  const fn = (f: typeof t.cost) => entry(`${f.f}(${f.args})`, 'FUNCTION', f);
  const mutations: Mutation[] = [
    {
      side: 'schemas',
      sql: `alter view ${t.view.s}.${t.view.t} reset (security_invoker)`,
      entry: entry(t.view.t, 'VIEW', t.view),
      onlyMigrations: [`CREATE VIEW ${t.view.s}.${t.view.t} WITH (security_invoker='true') AS`],
      onlySchemas: [`CREATE VIEW ${t.view.s}.${t.view.t} AS`],
    },
    {
      side: 'migrations',
      sql: `alter table ${stored.s}.${stored.t} set (fillfactor = 90)`,
      entry: entry(stored.t, 'TABLE', stored),
      onlyMigrations: [')', "WITH (fillfactor='90');"],
      onlySchemas: [');'],
    },
    {
      side: 'schemas',
      sql: `alter table ${replicated.s}.${replicated.t} replica identity full`,
      entry: entry(replicated.t, 'TABLE', replicated),
      onlyMigrations: [],
      onlySchemas: [`ALTER TABLE ONLY ${replicated.s}.${replicated.t} REPLICA IDENTITY FULL;`],
    },
    {
      side: 'migrations',
      sql: `comment on table ${replicated.s}.${replicated.t} is 'changed'`,
      entry: entry(`TABLE ${replicated.t}`, 'COMMENT', replicated),
      onlyMigrations: [`COMMENT ON TABLE ${replicated.s}.${replicated.t} IS 'changed';`],
      onlySchemas: [],
    },
    {
      side: 'schemas',
      sql: `alter default privileges for role ${MIGRATION_ROLE} in schema private grant select on tables to service_role`,
      entry: entry('DEFAULT PRIVILEGES FOR TABLES', 'DEFAULT ACL', { s: 'private', o: MIGRATION_ROLE }),
      onlyMigrations: [],
      onlySchemas: [
        `ALTER DEFAULT PRIVILEGES FOR ROLE ${MIGRATION_ROLE} IN SCHEMA private GRANT SELECT ON TABLES TO service_role;`,
      ],
    },
    {
      side: 'migrations',
      sql: 'grant create on schema public to authenticated',
      entry: entry('SCHEMA public', 'ACL', { s: '-', o: 'pg_database_owner' }),
      onlyMigrations: ['GRANT ALL ON SCHEMA public TO authenticated;'],
      onlySchemas: ['GRANT USAGE ON SCHEMA public TO authenticated;'],
    },
    {
      side: 'schemas',
      sql: `alter function ${t.cost.sig} cost 1000`,
      entry: fn(t.cost),
      onlyMigrations: [languageLine(/[^0-9]$/)],
      onlySchemas: [languageLine(/ COST 1000$/)],
    },
    {
      side: 'migrations',
      sql: `alter function ${t.rows.sig} rows 7`,
      entry: fn(t.rows),
      onlyMigrations: [languageLine(/ ROWS 7$/)],
      onlySchemas: [languageLine(/[^0-9]$/)],
    },
    {
      side: 'schemas',
      sql: `alter function ${t.volatility.sig} volatile`,
      entry: fn(t.volatility),
      onlyMigrations: [languageLine(/ STABLE( |$)/)],
      onlySchemas: [expect.not.stringMatching(/STABLE|IMMUTABLE/)],
    },
    {
      side: 'migrations',
      sql: `alter function ${t.parallel.sig} parallel safe`,
      entry: fn(t.parallel),
      onlyMigrations: [languageLine(/ PARALLEL SAFE$/)],
      onlySchemas: [expect.not.stringMatching(/PARALLEL/)],
    },
    {
      side: 'schemas',
      sql: `alter function ${t.config.sig} set work_mem = '2MB'`,
      entry: fn(t.config),
      onlyMigrations: [],
      onlySchemas: ["    SET work_mem TO '2MB'"],
    },
    {
      side: 'migrations',
      sql: 'create or replace function public.schemas_test_atomic() returns int language sql begin atomic select 2; end',
      entry: entry('schemas_test_atomic()', 'FUNCTION', { s: 'public', o: 'postgres' }),
      onlyMigrations: [' SELECT 2;'],
      onlySchemas: [' SELECT 1;'],
    },
    {
      side: 'schemas',
      sql: `drop trigger ${t.trigger.name} on ${t.trigger.s}.${t.trigger.t}`,
      entry: entry(`${t.trigger.t} ${t.trigger.name}`, 'TRIGGER', t.trigger),
      onlyMigrations: [`${t.trigger.def};`],
      onlySchemas: [],
    },
    {
      side: 'migrations',
      sql: `alter policy "${t.policy.name}" on ${t.policy.s}.${t.policy.t} to service_role`,
      entry: entry(`${t.policy.t} ${t.policy.name}`, 'POLICY', t.policy),
      onlyMigrations: [expect.stringMatching(/ TO service_role /)],
      onlySchemas: [expect.not.stringMatching(/ TO service_role /)],
    },
    {
      side: 'schemas',
      sql: `alter publication ${filtered.p} drop table ${filtered.s}.${filtered.t};
            alter publication ${filtered.p} add table ${filtered.s}.${filtered.t} where (${filtered.k} is not null)`,
      entry: entry(`${filtered.p} ${filtered.t}`, 'PUBLICATION TABLE', filtered),
      onlyMigrations: [`ALTER PUBLICATION ${filtered.p} ADD TABLE ONLY ${filtered.s}.${filtered.t};`],
      onlySchemas: [
        `ALTER PUBLICATION ${filtered.p} ADD TABLE ONLY ${filtered.s}.${filtered.t} WHERE ((${filtered.k} IS NOT NULL));`,
      ],
    },
    {
      side: 'migrations',
      sql: `alter publication ${narrowed.p} drop table ${narrowed.s}.${narrowed.t};
            alter publication ${narrowed.p} add table ${narrowed.s}.${narrowed.t} (${narrowed.k})`,
      entry: entry(`${narrowed.p} ${narrowed.t}`, 'PUBLICATION TABLE', narrowed),
      onlyMigrations: [
        `ALTER PUBLICATION ${narrowed.p} ADD TABLE ONLY ${narrowed.s}.${narrowed.t} (${narrowed.k});`,
      ],
      onlySchemas: [`ALTER PUBLICATION ${narrowed.p} ADD TABLE ONLY ${narrowed.s}.${narrowed.t};`],
    },
  ];
  // A function with a SQL-standard body, the same on both sides until one side's changes.
  for (const pg of [migrated, declared])
    await pg.exec(
      'create function public.schemas_test_atomic() returns int language sql begin atomic select 1; end',
    );
  for (const m of mutations) await (m.side === 'migrations' ? migrated : declared).exec(m.sql);
  await migrated.exec(`alter role authenticator set statement_timeout = '1s'`);
  await declared.exec(
    `do $$ begin execute format('grant create on database %I to authenticated', current_database()); end $$`,
  );

  const { differences, cluster } = await compare(migrated, declared);
  const expected = mutations
    .map(({ entry, onlyMigrations, onlySchemas }) => ({ entry, onlyMigrations, onlySchemas }))
    .sort((a, b) => (a.entry < b.entry ? -1 : 1));
  expect(differences).toEqual(expected);
  expect(cluster).toEqual({
    onlyMigrations: [
      expect.not.stringMatching(/authenticated=/),
      'setting authenticator 0 statement_timeout=1s',
    ],
    onlySchemas: [
      expect.stringMatching(
        /^database owner=hosted_postgres acl=\{.*"?authenticated=C\/hosted_postgres"?[,}]/,
      ),
      'setting authenticator 0 statement_timeout=8s',
    ],
  });
});

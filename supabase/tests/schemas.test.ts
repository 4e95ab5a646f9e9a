import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readSupabaseConfig } from '../../mocks/supabase/config';
import type { Database, Queryable } from '../../mocks/supabase/db';
import { runMigrationLikeTheCli } from '../../mocks/supabase/db/cliSql';
import { MIGRATION_ROLE, MIGRATION_ROLE_SQL, PLATFORM_SQL } from '../../mocks/supabase/db/prepare';
import { openNewClusterPglite, openTestDatabase } from '../../mocks/supabase/testing/snapshot';

/**
 * supabase/schemas/ (the current definition, config.toml's schema_paths) and supabase/migrations/
 * (the record of change, what `supabase db push` applies) build the same database: every table,
 * column, default, constraint, index, view, function (arguments, result, body, settings), trigger,
 * policy, grant, publication member, comment and extension the project owns has the same
 * definition in both. A change made in one and not the other fails here.
 */

const SUPABASE_DIR = path.resolve(import.meta.dirname, '..');
/** The schemas the project owns; in the platform's schemas, only what it adds there. */
const OURS = `('public', 'private', 'admin_reads')`;

/** The catalog as sorted lines, by kind. */
async function catalog(db: Queryable): Promise<Record<string, string[]>> {
  const kinds: Record<string, string> = {
    relations: `select format('%s %s rls=%s force=%s', c.oid::regclass, c.relkind, c.relrowsecurity, c.relforcerowsecurity)
                  from pg_class c where c.relnamespace::regnamespace::text in ${OURS} and c.relkind in ('r', 'v', 'm', 'S', 'p')`,
    columns: `select format('%s.%I %s notnull=%s default=%s identity=%s generated=%s', c.oid::regclass, a.attname,
                            format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid),
                            a.attidentity, a.attgenerated)
                from pg_attribute a join pg_class c on c.oid = a.attrelid
                left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
               where c.relnamespace::regnamespace::text in ${OURS} and c.relkind in ('r', 'v', 'p')
                 and a.attnum > 0 and not a.attisdropped`,
    constraints: `select format('%s %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
                    from pg_constraint where connamespace::regnamespace::text in ${OURS}`,
    indexes: `select pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid
               where c.relnamespace::regnamespace::text in ${OURS}`,
    views: `select format('%s %s', c.oid::regclass, pg_get_viewdef(c.oid))
              from pg_class c where c.relnamespace::regnamespace::text in ${OURS} and c.relkind in ('v', 'm')`,
    functions: `select format('%s.%I(%s) returns %s language=%s volatility=%s security_definer=%s strict=%s config=%s body=%s',
                              p.pronamespace::regnamespace, p.proname, pg_get_function_arguments(p.oid),
                              pg_get_function_result(p.oid), l.lanname, p.provolatile, p.prosecdef, p.proisstrict,
                              p.proconfig, p.prosrc)
                  from pg_proc p join pg_language l on l.oid = p.prolang
                 where p.pronamespace::regnamespace::text in ${OURS}`,
    triggers: `select pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
                where not t.tgisinternal and (c.relnamespace::regnamespace::text in ${OURS}
                  or t.tgfoid::regproc::text ~ '^(public|private)\\.')`,
    policies: `select format('%I.%I %I %s %s to %s using %s check %s', schemaname, tablename, policyname, permissive,
                             cmd, roles, qual, with_check)
                 from pg_policies where schemaname in ('public', 'private', 'storage', 'realtime')`,
    // No ACL at all means the owner's default (acldefault): the same rights as one that lists them;
    // the order of an ACL's items means nothing.
    grants: `select format('%s %s', c.oid::regclass, (select array_agg(i::text order by i::text) from unnest(coalesce(c.relacl, acldefault('r', c.relowner))) i)) from pg_class c
              where c.relnamespace::regnamespace::text in ${OURS} and c.relkind in ('r', 'v', 'm', 'S', 'p')
             union all
             select format('%s.%I %s', c.oid::regclass, a.attname, (select array_agg(i::text order by i::text) from unnest(a.attacl) i)) from pg_attribute a
               join pg_class c on c.oid = a.attrelid
              where c.relnamespace::regnamespace::text in ${OURS} and a.attacl is not null
             union all
             select format('%s %s', p.oid::regprocedure, (select array_agg(i::text order by i::text) from unnest(coalesce(p.proacl, acldefault('f', p.proowner))) i)) from pg_proc p
              where p.pronamespace::regnamespace::text in ${OURS}
             union all
             select format('schema %s %s', n.nspname, (select array_agg(i::text order by i::text) from unnest(n.nspacl) i)) from pg_namespace n where n.nspname in ('private', 'admin_reads')`,
    publication: `select format('%s %I.%I', pubname, schemaname, tablename) from pg_publication_tables`,
    comments: `select format('%s %s', d.objoid::regclass, d.description) from pg_description d
                 join pg_class c on c.oid = d.objoid
                where d.classoid = 'pg_class'::regclass and d.objsubid = 0 and c.relnamespace::regnamespace::text in ${OURS}
               union all
               select format('%s.%s %s', d.objoid::regclass, d.objsubid, d.description) from pg_description d
                 join pg_class c on c.oid = d.objoid
                where d.classoid = 'pg_class'::regclass and d.objsubid > 0 and c.relnamespace::regnamespace::text in ${OURS}
               union all
               select format('%s %s', p.oid::regprocedure, d.description) from pg_description d
                 join pg_proc p on p.oid = d.objoid
                where d.classoid = 'pg_proc'::regclass and p.pronamespace::regnamespace::text in ${OURS}`,
    extensions: `select format('%s %s', extname, extnamespace::regnamespace) from pg_extension`,
    roleSettings: `select format('%s %s', setrole::regrole, setconfig) from pg_db_role_setting where setrole <> 0`,
  };
  const result: Record<string, string[]> = {};
  for (const [kind, sql] of Object.entries(kinds)) {
    const { rows } = await db.query<{ line: string }>(
      `select line from (${sql}) s(line) order by line collate "C"`,
    );
    result[kind] = rows.map((r) => r.line);
  }
  return result;
}

/** A database built as `supabase db diff` builds its shadow: the platform, then each schema file in order. */
async function fromSchemas(): Promise<Database> {
  // A new cluster (loaded from the dump the test snapshot keeps of one: initdb costs seconds).
  const db = await openNewClusterPglite();
  const paths = readSupabaseConfig().db?.migrations?.schema_paths ?? [];
  await db.transaction(async (tx) => {
    await tx.exec(await readFile(PLATFORM_SQL, 'utf8'));
    await tx.exec(await readFile(MIGRATION_ROLE_SQL, 'utf8'));
    for (const file of paths) {
      await tx.exec(`set local role ${MIGRATION_ROLE}`);
      await runMigrationLikeTheCli(tx, await readFile(path.join(SUPABASE_DIR, file), 'utf8'));
      await tx.exec('reset role');
    }
  });
  return db;
}

let migrated: Database;
let declared: Database;
beforeAll(async () => {
  [migrated, declared] = await Promise.all([openTestDatabase(), fromSchemas()]);
});
afterAll(async () => {
  await migrated?.close();
  await declared?.close();
});

it('config.toml lists every file of supabase/schemas/', async () => {
  const { readdir } = await import('node:fs/promises');
  const files = (await readdir(path.join(SUPABASE_DIR, 'schemas'))).filter((f) => f.endsWith('.sql')).sort();
  expect(readSupabaseConfig().db?.migrations?.schema_paths).toEqual(files.map((f) => `./schemas/${f}`));
});

it('supabase/schemas/ and supabase/migrations/ define the same database', async () => {
  const [fromMigrations, fromSchemaFiles] = [await catalog(migrated), await catalog(declared)];
  for (const kind of Object.keys(fromMigrations)) {
    const onlyMigrations = fromMigrations[kind].filter((line) => !fromSchemaFiles[kind].includes(line));
    const onlySchemas = fromSchemaFiles[kind].filter((line) => !fromMigrations[kind].includes(line));
    expect({ kind, onlyMigrations, onlySchemas }).toEqual({ kind, onlyMigrations: [], onlySchemas: [] });
  }
  expect(fromMigrations.functions.length).toBeGreaterThan(70);
});

/**
 * `npm run db:diff -- <name>`: writes supabase/migrations/<timestamp>_<name>.sql from the schema, as
 * `supabase db diff -f <name>` does: the difference between a database built by the migrations
 * (the test snapshot) and one built by supabase/schemas/ in config.toml's order (its shadow).
 *
 * The statements come from migra (@pgkit/migra, its TypeScript port, the tool the Supabase CLI's
 * diff began with), run against the two PGlite databases served over Unix sockets. migra writes
 * tables, columns, constraints, indexes, views, functions, triggers, RLS and its policies, and
 * table grants; it leaves out comments, function grants, publication members and default
 * privileges. Those are taken from the schema's pg_dump entries (supabase/tests/schemaDump.ts)
 * after migra's statements are tried on the migrated database; whatever still differs is printed
 * and the script fails, so the migration is finished by hand (docs/schema-first.md).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { run } from '@pgkit/migra';
import { MIGRATION_ROLE } from '../mocks/supabase/db/prepare';
import { openSnapshotPglite } from '../mocks/supabase/testing/snapshot';
import { buildFromSchemas, SUPABASE_DIR } from '../supabase/tests/declaredSchema';
import { diffDumps, dumpSchema, type DumpEntry } from '../supabase/tests/schemaDump';
import { bucketInserts } from './bucketRows';

/** The storage.buckets rows of the declared buckets the migrations do not create yet. */
async function bucketRows(migrated: PGlite): Promise<string> {
  const { rows } = await migrated.query<{ id: string }>('select id from storage.buckets');
  return bucketInserts(new Set(rows.map((r) => r.id)));
}

/** The pg_dump entry kinds migra does not write, and how to bring the migrated side to the schema's. */
function supplement(header: string, declared: DumpEntry | undefined): string | null {
  const type = /; Type: ([^;]+);/.exec(header)?.[1];
  const schema = /; Schema: ([^;]+);/.exec(header)?.[1];
  const name = /^Name: ([^;]+);/.exec(header)?.[1] ?? '';
  if (!declared) return null;
  if (type === 'COMMENT' || type === 'PUBLICATION TABLE' || type === 'DEFAULT ACL') return declared.sql;
  // migra recreates a view without its options (security_invoker, security_barrier).
  const options = /^CREATE VIEW (\S+) WITH \(([^)]*)\) AS/.exec(declared.sql);
  if (type === 'VIEW' && options) return `ALTER VIEW ${options[1]} SET (${options[2]});`;
  // Supabase's default privileges give every new table and function to anon, authenticated and
  // service_role: the schema's grants are what is left after revoking those.
  const acl = /^(FUNCTION|TABLE|SEQUENCE) (.+)$/.exec(name);
  if (type === 'ACL' && acl && schema) {
    const target = `${acl[1]} ${schema}.${acl[2]}`;
    return `REVOKE ALL ON ${target} FROM PUBLIC, anon, authenticated, service_role;\n${declared.sql}`;
  }
  return null;
}

/** migra's statements from one database to the other, both served on Unix sockets for its client. */
async function migraSql(from: PGlite, to: PGlite): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'db-diff-'));
  const servers = [from, to].map(
    (db, i) => new PGLiteSocketServer({ db, path: path.join(dir, String(i), '.s.PGSQL.5432') }),
  );
  try {
    for (const [i, server] of servers.entries()) {
      await mkdir(path.join(dir, String(i)));
      await server.start();
    }
    const url = (i: number) => `postgresql://postgres@localhost/postgres?host=${path.join(dir, String(i))}`;
    // A PGlite serves one session to every client: with an empty search_path, the definitions migra
    // reads (pg_get_viewdef) name every object with its schema, as a migration run with the CLI's
    // empty search_path needs (`from news` would otherwise be written for `from public.news`).
    for (const db of [from, to]) await db.exec(`set search_path = ''`);
    const migration = await run(url(0), url(1), { unsafe: true, withPrivileges: true });
    return migration.sql;
  } finally {
    for (const db of [from, to]) await db.exec('reset search_path');
    for (const server of servers) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const [name, at] = [process.argv[2], process.argv.find((a) => a.startsWith('--at='))?.slice(5)];
  if (!name || !/^[a-z0-9_]+$/.test(name) || (at !== undefined && !/^\d{14}$/.test(at))) {
    console.error(
      'usage: npm run db:diff -- <name> [--at=YYYYMMDDhhmmss]   (name: lower-case letters, digits and _)',
    );
    process.exit(2);
  }
  const [migrated, declared] = await Promise.all([openSnapshotPglite(), buildFromSchemas()]);
  try {
    let sql = (await migraSql(migrated, declared)).trim();
    const apply = async (statements: string) => {
      if (!statements) return;
      await migrated.exec(`set role ${MIGRATION_ROLE};\n${statements};\nreset role;`);
    };
    await apply(sql);
    const declaredDump = await dumpSchema(declared);
    const byHeader = new Map(declaredDump.map((e) => [e.header, e]));
    const extra: string[] = [];
    for (const d of diffDumps(await dumpSchema(migrated), declaredDump)) {
      const statement = supplement(d.header, byHeader.get(d.header));
      if (statement) extra.push(statement);
    }
    await apply(extra.join('\n\n'));
    const buckets = await bucketRows(migrated);
    sql = [sql, ...extra, buckets].filter(Boolean).join('\n\n');
    const left = diffDumps(await dumpSchema(migrated), declaredDump);
    if (!sql && !left.length) {
      console.log('No changes: supabase/migrations/ already builds supabase/schemas/.');
      return;
    }
    // The CLI's name: the current UTC time, unless --at gives the timestamp.
    const stamp = at ?? new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const file = path.join(SUPABASE_DIR, 'migrations', `${stamp}_${name}.sql`);
    await writeFile(
      file,
      `-- Written by npm run db:diff from supabase/schemas/ (docs/schema-first.md).\n\n${sql}\n`,
    );
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
    if (left.length) {
      console.error('Still different after the generated statements (finish the migration by hand):');
      for (const d of left)
        console.error(
          `  ${d.header}\n    only migrations: ${JSON.stringify(d.onlyLeft)}\n    only schemas: ${JSON.stringify(d.onlyRight)}`,
        );
      process.exitCode = 1;
    }
  } finally {
    await migrated.close();
    await declared.close();
  }
}

await main();

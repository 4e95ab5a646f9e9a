/**
 * `npm run check:hosted`: a model of a hosted Supabase database on Debian's PostgreSQL 15, and what
 * the Supabase CLI and PostgREST do to it (docs/deploying.md).
 *
 * 1. A throw-away cluster whose bootstrap superuser is supabase_admin, as on a hosted project; the
 *    API roles, GoTrue's auth schema (mocks/supabase/sql/platform*.sql) and a `postgres` with hosted
 *    rights (roles.sql, then migration-role.sql's grants): NOSUPERUSER, BYPASSRLS, no CREATE on auth.
 * 2. As `postgres`, every migration the way `supabase db push` sends it (the CLI's splitter, one
 *    implicit transaction per file, each statement on its own) and the seed the way `supabase db
 *    reset` does (one batch, every statement prepared before any runs).
 * 3. As `authenticator`, the admin's main reads the way PostgREST runs them (role and JWT claims
 *    set for the transaction), each compared with what the tables hold, and what a non-admin and
 *    an anonymous visitor get.
 * 4. The Security Advisor's lints (advisor.sql): no ERROR allowed.
 *
 * Needs PostgreSQL 15's server binaries (apt-get install postgresql-15, or PG_BIN=<bin dir>).
 * Without them it says so and skips (exit 0), except under CI=true, where it fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { splitStatements, withPrepared } from '../../mocks/supabase/db/cliSql';
import {
  MIGRATION_ROLE,
  MIGRATION_ROLE_SQL,
  MIGRATIONS_DIR,
  platformQueueSql,
  platformSql,
  seedFiles,
} from '../../mocks/supabase/db/prepare';
import { schemaPaths } from '../../mocks/supabase/db/schemaPaths';
import { diffDumps, dumpEntries } from '../../supabase/tests/schemaDump';
import {
  here,
  SUPABASE_DIR,
  PG_BIN,
  PORT,
  ADMIN,
  count,
  USER,
  ANON,
  checks,
  check,
  queryable,
  connect,
  inTransaction,
  asRequest,
} from './harness';
import { realtimePublication, realtimeAuthorization, openRecords } from './realtime';
import { authHooks, ownerEmails, invitationEmails } from './auth';
import { storageBuckets, storageQuota, storageDeclaredTypes } from './storage';
import { hindiSearchOnHosted } from './content';

/** The Supabase CLI's record of applied migrations. */
const MIGRATION_HISTORY = `create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
  alter table supabase_migrations.schema_migrations add column if not exists statements text[];
  alter table supabase_migrations.schema_migrations add column if not exists name text`;

/** `supabase db push`: the CLI's history table, then each file in one implicit transaction. */
async function applyMigrations(postgres: pg.Client): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();
  await postgres.query(MIGRATION_HISTORY);
  const applied: string[] = [];
  for (const file of files) {
    const statements = splitStatements(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
    const [, version, name] = /^(\d+)_(.*)\.sql$/.exec(file) ?? [];
    try {
      await inTransaction(postgres, async (tx) => {
        for (const statement of statements) await tx.query(statement);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, statements],
        );
      });
      applied.push(file);
    } catch (error) {
      check(`migration ${file}`, false, error instanceof Error ? error.message : String(error));
      break;
    }
  }
  return applied;
}

/** `supabase db reset` / `db push --include-seed`: each seed file one batch, prepared before it runs. */
async function applySeed(postgres: pg.Client): Promise<string> {
  let count = 0;
  for (const file of seedFiles()) {
    const statements = splitStatements(readFileSync(file, 'utf8'));
    await inTransaction(postgres, async (tx) => {
      await withPrepared(tx, statements, async () => {
        for (const statement of statements) await tx.query(statement);
      });
    });
    count += statements.length;
  }
  return `${count} statements`;
}

/**
 * supabase/schemas/ built on PostgreSQL 15 as the CLI's shadow database is (a second database of
 * the cluster: the platform, postgres's rights, then each schema file as postgres) dumps the same
 * as the migrated database, entry by entry, with PostgreSQL 15's own pg_dump
 * (supabase/tests/schemas.test.ts does the same on PGlite in npm test).
 */
async function schemasAgree(dir: string, admin: pg.Client, dump: (database: string) => string) {
  await admin.query('create database schemas_model');
  const modelAdmin = await connect(dir, 'supabase_admin', 'schemas_model');
  const modelPostgres = await connect(dir, 'postgres', 'schemas_model');
  try {
    await modelAdmin.query(platformSql());
    await modelAdmin.query(readFileSync(MIGRATION_ROLE_SQL, 'utf8').replaceAll(MIGRATION_ROLE, 'postgres'));
    await modelAdmin.query(platformQueueSql('postgres'));
    await modelPostgres.query(MIGRATION_HISTORY);
    for (const file of schemaPaths()) {
      const statements = splitStatements(readFileSync(path.join(SUPABASE_DIR, file), 'utf8'));
      await inTransaction(modelPostgres, async (tx) => {
        for (const statement of statements) await tx.query(statement);
      });
    }
    const differences = diffDumps(dumpEntries(dump('postgres')), dumpEntries(dump('schemas_model')));
    check(
      'supabase/schemas and the migrations dump the same (pg_dump --schema-only)',
      differences.length === 0,
      differences.length === 0 ? 'no difference' : JSON.stringify(differences, null, 1),
    );
  } finally {
    await modelPostgres.end();
    await modelAdmin.end();
  }
}

async function adminReads(owner: pg.Client, authenticator: pg.Client) {
  const timeouts = (
    await authenticator.query<{ s: string; l: string }>(
      `select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l`,
    )
  ).rows[0];
  check('authenticator timeouts', timeouts.s === '8s' && timeouts.l === '8s', JSON.stringify(timeouts));

  const tx = queryable(owner);
  const expected = {
    scans: await count(tx, 'select count(*) as n from public.scans'),
    maggi: await count(
      tx,
      `select count(*) as n from public.scans where name ilike '%maggi%' or category ilike '%maggi%'`,
    ),
    profiles: await count(tx, 'select count(*) as n from public.profiles'),
    chats: await count(tx, 'select count(*) as n from public.chats'),
    notifications: await count(tx, 'select count(*) as n from public.notifications'),
    users: await count(tx, 'select count(*) as n from auth.users where deleted_at is null'),
    ownedScans: await count(tx, 'select count(*) as n from public.scans where user_id is not null'),
  };
  // The last 5 scans, newest first: what admin_page answers for a last page opened from a link.
  const lastIds = (
    await tx.query<{ id: string }>(
      'select id from public.scans order by created_at desc, id desc offset greatest(0, $1::int - 5)',
      [expected.scans],
    )
  ).rows.map((r) => r.id);

  const stats = await asRequest(
    authenticator,
    ADMIN,
    async (q) =>
      (await q.query<{ s: { scans: number } }>('select public.admin_dashboard_stats() as s')).rows[0].s,
  );
  check(
    'admin: admin_dashboard_stats()',
    stats.ok && stats.value.scans === expected.scans,
    JSON.stringify(stats.ok ? { scans: stats.value.scans } : stats),
  );

  const lists = await asRequest(authenticator, ADMIN, async (q) => ({
    search: await count(
      q,
      `select count(*) as n from public.admin_scans where name ilike '%maggi%' or category ilike '%maggi%'`,
    ),
    page: (
      await q.query(
        `select id, owner_email from public.admin_scans order by created_at desc, id desc limit 25`,
      )
    ).rows.length,
    lastPage: await q
      .query<{ p: { total: number; rows: Array<{ id: string }> } }>(
        `select public.admin_page('scans', 'admin_scans', $1::jsonb, greatest(0, $2::int - 5), 25) as p`,
        [
          JSON.stringify([
            { field: 'created_at', ascending: false },
            { field: 'id', ascending: false },
          ]),
          expected.scans,
        ],
      )
      .then((r) => ({ total: r.rows[0].p.total, ids: r.rows[0].p.rows.map((row) => row.id) })),
    owners: await count(q, 'select count(owner_email) as n from public.admin_scans'),
    profiles: await count(q, 'select count(*) as n from public.admin_profiles'),
    chats: await count(q, 'select count(*) as n from public.admin_chats'),
    notifications: await count(q, 'select count(*) as n from public.admin_notifications'),
    users: (await q.query('select * from public.admin_list_users(null)')).rows.length,
  }));
  const want = {
    search: expected.maggi,
    page: Math.min(25, expected.scans),
    lastPage: { total: expected.scans, ids: lastIds },
    owners: expected.ownedScans,
    profiles: expected.profiles,
    chats: expected.chats,
    notifications: expected.notifications,
    users: expected.users,
  };
  check(
    'admin: the lists, a search, a page, a last page opened from a link, owner emails, admin_list_users',
    lists.ok && JSON.stringify(lists.value) === JSON.stringify(want),
    JSON.stringify({ got: lists.ok ? lists.value : lists, want }),
  );

  const userView = await asRequest(authenticator, USER, async (q) =>
    count(q, 'select count(*) as n from public.admin_scans'),
  );
  const userRpc = await asRequest(authenticator, USER, async (q) =>
    q.query('select * from public.admin_list_users(null)'),
  );
  check(
    'app user: no admin row, admin_list_users refused',
    userView.ok && userView.value === 0 && !userRpc.ok && userRpc.code === '42501',
    JSON.stringify({ view: userView, rpc: userRpc.ok ? 'answered' : userRpc.code }),
  );

  const contact = await asRequest(
    authenticator,
    ANON,
    async (q) =>
      (
        await q.query(
          `insert into public.contact_messages (first_name, last_name, email, subject, message)
       values ('Hosted', 'Model', 'model@example.in', 'Check', 'An anonymous contact message')`,
        )
      ).affectedRows,
  );
  const anonAdmin = await asRequest(authenticator, ANON, async (q) => q.query('select public.is_admin()'));
  check(
    'anon: contact message accepted, is_admin() refused',
    contact.ok && contact.value === 1 && !anonAdmin.ok && anonAdmin.code === '42501',
    JSON.stringify({ contact, isAdmin: anonAdmin.ok ? 'answered' : anonAdmin.code }),
  );
}

async function main() {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) {
    const message = `hosted model skipped: PostgreSQL 15 not found in ${PG_BIN} (apt-get install postgresql-15, or set PG_BIN)`;
    console.log(message);
    process.exit(process.env.CI === 'true' ? 1 : 0);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'labellens-hosted-'));
  const dataDir = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: there, the server runs as the OS user `postgres` that
  // Debian's package creates.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const command = (bin: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]]
      : [path.join(PG_BIN, bin), args];
  const run = (bin: string, args: string[]) => {
    const result = spawnSync(...command(bin, args), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${bin} failed: ${result.stderr || result.stdout}`);
  };
  const clients: pg.Client[] = [];
  try {
    run('initdb', [
      '-D',
      dataDir,
      '-U',
      'supabase_admin',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      // Hosted projects' locale (supabase/postgres#696, supabase/cli#1309): it decides which
      // characters pg_trgm indexes (supabase/tests/hindiSearch.ts).
      '--locale=C.UTF-8',
    ]);
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${PORT} -k ${dir} -c listen_addresses=''`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
    const dump = (database: string) => {
      const args = ['-h', dir, '-p', String(PORT), '-U', 'supabase_admin', '--schema-only', database];
      const result = spawnSync(...command('pg_dump', args), { encoding: 'utf8', maxBuffer: 64 << 20 });
      if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`);
      return result.stdout;
    };
    const admin = await connect(dir, 'supabase_admin');
    clients.push(admin);
    await admin.query(platformSql());
    await admin.query(readFileSync(path.join(here, 'roles.sql'), 'utf8'));
    // migration-role.sql grants hosted postgres's rights to the stand-in's hosted_postgres; here
    // the same grants go to the real `postgres`.
    await admin.query(readFileSync(MIGRATION_ROLE_SQL, 'utf8').replaceAll(MIGRATION_ROLE, 'postgres'));
    // Supabase Queues: hosted's image has pgmq; this server may not (mocks/supabase/db/prepare.ts).
    await admin.query(platformQueueSql('postgres'));
    const attributes = (
      await admin.query(
        `select rolsuper, rolbypassrls, has_schema_privilege('postgres', 'auth', 'CREATE') as create_on_auth
         from pg_roles where rolname = 'postgres'`,
      )
    ).rows[0];
    check(
      'hosted postgres',
      !attributes.rolsuper && attributes.rolbypassrls && !attributes.create_on_auth,
      JSON.stringify(attributes),
    );

    const postgres = await connect(dir, 'postgres');
    clients.push(postgres);
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.*\.sql$/.test(f));
    const applied = await applyMigrations(postgres);
    check(
      'migrations as the CLI sends them',
      applied.length === files.length,
      `${applied.length} of ${files.length} applied`,
    );
    if (applied.length === files.length) {
      try {
        check('seed as the CLI sends it', true, await applySeed(postgres));
      } catch (error) {
        check('seed as the CLI sends it', false, error instanceof Error ? error.message : String(error));
      }
      await schemasAgree(dir, admin, dump);
      const inAuth = (
        await admin.query(
          `select count(*)::int as n from pg_class where relnamespace = 'auth'::regnamespace and pg_get_userbyid(relowner) = 'postgres'`,
        )
      ).rows[0].n as number;
      check('nothing created in auth', inAuth === 0, `${inAuth} relations owned by postgres`);

      const authenticator = await connect(dir, 'authenticator');
      clients.push(authenticator);
      await adminReads(postgres, authenticator);
      const authAdmin = await connect(dir, 'supabase_auth_admin');
      clients.push(authAdmin);
      await authHooks(postgres, authAdmin, authenticator);
      await ownerEmails(postgres, authAdmin, authenticator);
      await invitationEmails(postgres, authAdmin);
      await realtimePublication(postgres);
      await realtimeAuthorization(postgres);
      await openRecords(postgres, authenticator);
      await storageBuckets(postgres);
      await storageQuota(postgres, authenticator);
      await storageDeclaredTypes(authenticator);
      await hindiSearchOnHosted(postgres, authenticator);

      await admin.query(`set pgrst.db_schemas = 'public, storage, graphql_public'`);
      const advisor = await admin.query<{ level: string; name: string; object: string }>(
        readFileSync(path.join(here, 'advisor.sql'), 'utf8'),
      );
      const findings = advisor.rows;
      for (const f of findings) console.log(`     advisor ${f.level} ${f.name} ${f.object}`);
      const errors = findings.filter((f) => f.level === 'ERROR').length;
      check('Security Advisor', errors === 0, `${errors} errors, ${findings.length - errors} warnings`);
    }
  } finally {
    for (const client of clients) await client.end().catch(() => undefined);
    spawnSync(...command('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']), { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
  }
  const failed = checks.filter((c) => !c.ok);
  console.log(
    failed.length
      ? `hosted model: ${failed.length} check(s) failed`
      : `hosted model: all ${checks.length} checks passed`,
  );
  process.exit(failed.length ? 1 : 0);
}

await main();

/**
 * `npm run check:hosted`: a model of a hosted Supabase database on Debian's PostgreSQL 15, and what
 * the Supabase CLI and PostgREST do to it (docs/deploying.md).
 *
 * 1. A throw-away cluster whose bootstrap superuser is supabase_admin, as on a hosted project; the
 *    API roles, GoTrue's auth schema (mocks/supabase/sql/platform.sql) and a `postgres` with hosted
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
import { BUCKETS, quotaMessage, typeNotSupportedMessage } from '../../src/domain/storage';
import { RESOURCE_DATA } from '../../src/resources';
import { livePublication } from './expected';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { splitStatements, withPrepared } from '../../mocks/supabase/db/cliSql';
import { assumeIdentity } from '../../mocks/supabase/db/identity';
import {
  MIGRATION_ROLE,
  MIGRATION_ROLE_SQL,
  MIGRATIONS_DIR,
  PLATFORM_SQL,
  SEED_SQL,
} from '../../mocks/supabase/db/prepare';
import { readSupabaseConfig } from '../../mocks/supabase/config';
import { diffDumps, dumpEntries } from '../../supabase/tests/schemaDump';
import { isPgError, type Queryable, type RequestIdentity } from '../../mocks/supabase/db/types';
import { authorizeRead, authorizeWrite, emptyPolicies } from '../../mocks/supabase/realtime/authorization';

const here = path.dirname(fileURLToPath(import.meta.url));
const SUPABASE_DIR = path.resolve(here, '../../supabase');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PORT = Number(process.env.HOSTED_MODEL_PORT ?? 55_432);

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const USER_ID = '00000000-0000-4000-8000-000000000002';
const signedIn = (sub: string): RequestIdentity => ({
  role: 'authenticated',
  claims: { sub, role: 'authenticated', aud: 'authenticated' },
});
const ADMIN = signedIn(ADMIN_ID);
const USER = signedIn(USER_ID);
const ANON: RequestIdentity = { role: 'anon', claims: { role: 'anon' } };

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

/** node-postgres as a Queryable; `query` uses the extended protocol, one statement, as pgx does. */
function queryable(client: pg.Client): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      // node-postgres >= 8.12 reads queryMode; its type declarations do not list it yet.
      const config: pg.QueryConfig & { queryMode: 'extended' } = {
        text: sql,
        values: params,
        queryMode: 'extended',
      };
      const result = await client.query(config);
      return { rows: result.rows as T[], fields: result.fields, affectedRows: result.rowCount ?? undefined };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

async function connect(socketDir: string, user: string, database = 'postgres'): Promise<pg.Client> {
  const client = new pg.Client({ host: socketDir, port: PORT, user, database });
  await client.connect();
  return client;
}

async function inTransaction<T>(client: pg.Client, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await fn(queryable(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** One PostgREST request: the role and claims for the transaction only, then rolled back. */
async function asRequest<T>(
  authenticator: pg.Client,
  identity: RequestIdentity,
  fn: (tx: Queryable) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  await authenticator.query('begin');
  try {
    const tx = queryable(authenticator);
    await assumeIdentity(tx, identity);
    return { ok: true, value: await fn(tx) };
  } catch (error) {
    if (isPgError(error)) return { ok: false, code: error.code };
    throw error;
  } finally {
    await authenticator.query('rollback');
  }
}

/** `supabase db push`: the CLI's history table, then each file in one implicit transaction. */
/** The Supabase CLI's record of applied migrations. */
const MIGRATION_HISTORY = `create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
  alter table supabase_migrations.schema_migrations add column if not exists statements text[];
  alter table supabase_migrations.schema_migrations add column if not exists name text`;

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

/** `supabase db reset` / `db push --include-seed`: one batch, prepared before it runs. */
async function applySeed(postgres: pg.Client): Promise<string> {
  const statements = splitStatements(readFileSync(SEED_SQL, 'utf8'));
  await inTransaction(postgres, async (tx) => {
    await withPrepared(tx, statements, async () => {
      for (const statement of statements) await tx.query(statement);
    });
  });
  return `${statements.length} statements`;
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
    await modelAdmin.query(readFileSync(PLATFORM_SQL, 'utf8'));
    await modelAdmin.query(readFileSync(MIGRATION_ROLE_SQL, 'utf8').replaceAll(MIGRATION_ROLE, 'postgres'));
    await modelPostgres.query(MIGRATION_HISTORY);
    for (const file of readSupabaseConfig().db?.migrations?.schema_paths ?? []) {
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

const count = async (tx: Queryable, sql: string) => Number((await tx.query<{ n: string }>(sql)).rows[0].n);

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

/**
 * The auth hooks (supabase/migrations/20241101001110_auth_hooks.sql) as Supabase Auth calls them:
 * connected as supabase_auth_admin (search_path auth, as GoTrue's connection has it), one
 * `select <schema>.<fn>($1::jsonb)` per attempt. A failed password of the admin must land in the
 * trail with their id and email, the answer must be "continue", and an API role may not call it.
 */
async function authHooks(owner: pg.Client, authAdmin: pg.Client, authenticator: pg.Client) {
  await authAdmin.query('set search_path = auth');
  const event = JSON.stringify({
    metadata: { name: 'password-verification' },
    user_id: ADMIN_ID,
    valid: false,
  });
  const before = await owner.query<{ n: number }>(
    `select count(*)::int as n from public.audit_log where action = 'sign_in_failed'`,
  );
  const answer = await authAdmin.query<{ output: unknown }>(
    'select public.hook_password_verification_attempt($1::jsonb) as output',
    [event],
  );
  const entries = await owner.query<{ actor_id: string; actor_email: string }>(
    `select actor_id, actor_email from public.audit_log where action = 'sign_in_failed' order by id offset $1`,
    [before.rows[0].n],
  );
  const email = (
    await owner.query<{ email: string }>('select email from auth.users where id = $1', [ADMIN_ID])
  ).rows[0]?.email;
  check(
    'password hook as supabase_auth_admin',
    JSON.stringify(answer.rows[0].output) === '{"decision":"continue"}' &&
      entries.rows.length === 1 &&
      entries.rows[0].actor_id === ADMIN_ID &&
      entries.rows[0].actor_email === email,
    JSON.stringify({ answer: answer.rows[0].output, entries: entries.rows }),
  );
  const forged = await asRequest(authenticator, ADMIN, (tx) =>
    tx.query('select public.hook_password_verification_attempt($1::jsonb)', [event]),
  );
  check('hooks refused to API roles', !forged.ok && forged.code === '42501', JSON.stringify(forged));
}

/**
 * Owner emails (supabase/migrations/20241101001400_owner_emails.sql): the trigger the migration
 * role created on auth.users fires when Supabase Auth (supabase_auth_admin) changes an email, and
 * the admin then finds the user's scans by the new email, through the admin view and through
 * admin_owner_ids. The email is put back afterwards.
 */
async function ownerEmails(owner: pg.Client, authAdmin: pg.Client, authenticator: pg.Client) {
  const moved = 'moved.owner@example.in';
  const before = (
    await owner.query<{ email: string }>('select email from auth.users where id = $1', [USER_ID])
  ).rows[0].email;
  const owned = await count(
    queryable(owner),
    `select count(*) as n from public.scans where user_id = '${USER_ID}'`,
  );
  await authAdmin.query('update auth.users set email = $1 where id = $2', [moved, USER_ID]);
  try {
    const found = await asRequest(authenticator, ADMIN, async (q) => ({
      ids: (await q.query<{ ids: unknown }>('select public.admin_owner_ids($1) as ids', [[moved]])).rows[0]
        .ids,
      scans: await count(q, `select count(*) as n from public.admin_scans where owner_email = '${moved}'`),
    }));
    const want = { ids: [[USER_ID]], scans: owned };
    check(
      'owner emails: an email changed by supabase_auth_admin, found by the admin',
      found.ok && JSON.stringify(found.value) === JSON.stringify(want),
      JSON.stringify({ got: found.ok ? found.value : found, want }),
    );
  } finally {
    await authAdmin.query('update auth.users set email = $1 where id = $2', [before, USER_ID]);
  }
  const closed = await asRequest(authenticator, ADMIN, (q) => q.query('select * from private.user_emails'));
  check(
    'owner emails: private.user_emails closed to API roles',
    !closed.ok && closed.code === '42501',
    JSON.stringify(closed.ok ? 'answered' : closed.code),
  );
}

/**
 * Invitations bound to their address (supabase/migrations/20241101003600_invitation_bound_to_address.sql):
 * the trigger the migration role created on auth.users voids a pending invitation and deactivates an
 * accepted operator when Supabase Auth (supabase_auth_admin) changes the account's email. The demo
 * app user is made a pending invitee for it; everything is put back afterwards.
 */
async function invitationEmails(owner: pg.Client, authAdmin: pg.Client) {
  const before = (
    await owner.query<{ email: string }>('select email from auth.users where id = $1', [USER_ID])
  ).rows[0].email;
  const row = async () =>
    (
      await owner.query<{ invited_email: string | null; is_active: boolean }>(
        'select invited_email, is_active from public.admin_users where user_id = $1',
        [USER_ID],
      )
    ).rows[0];
  await owner.query(
    `insert into public.admin_users (user_id, role, invited_at, accepted_at, invited_email)
     values ($1, 'editor', now(), null, $2)`,
    [USER_ID, before],
  );
  try {
    await authAdmin.query('update auth.users set email = $1 where id = $2', [
      'moved.invitee@example.in',
      USER_ID,
    ]);
    const pending = await row();
    await owner.query(
      'update public.admin_users set accepted_at = now(), invited_email = $2 where user_id = $1',
      [USER_ID, 'moved.invitee@example.in'],
    );
    await authAdmin.query('update auth.users set email = $1 where id = $2', [before, USER_ID]);
    const accepted = await row();
    const got = { pending, accepted };
    const want = {
      pending: { invited_email: null, is_active: true },
      accepted: { invited_email: 'moved.invitee@example.in', is_active: false },
    };
    check(
      'invitations: an email changed by supabase_auth_admin voids a pending invitation, deactivates an operator',
      JSON.stringify(got) === JSON.stringify(want),
      JSON.stringify({ got, want }),
    );
  } finally {
    await owner.query('delete from public.admin_users where user_id = $1', [USER_ID]);
    await authAdmin.query('update auth.users set email = $1 where id = $2', [before, USER_ID]);
  }
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
      '--locale=C',
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
    await admin.query(readFileSync(PLATFORM_SQL, 'utf8'));
    await admin.query(readFileSync(path.join(here, 'roles.sql'), 'utf8'));
    // migration-role.sql grants hosted postgres's rights to the stand-in's hosted_postgres; here
    // the same grants go to the real `postgres`.
    await admin.query(readFileSync(MIGRATION_ROLE_SQL, 'utf8').replaceAll(MIGRATION_ROLE, 'postgres'));
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

/**
 * Realtime sends changes of the tables in supabase_realtime, and only of those: exactly the live
 * resources' tables (their descriptors' `live`), each with row-level security (Realtime checks
 * every INSERT and UPDATE against it per subscriber; a table without RLS would go to every
 * subscriber with SELECT on it).
 */
async function realtimePublication(postgres: pg.Client) {
  const { rows } = await postgres.query<{ table: string; rls: boolean }>(
    `select p.schemaname || '.' || p.tablename as table, c.relrowsecurity as rls
       from pg_publication_tables p
       join pg_class c on c.oid = format('%I.%I', p.schemaname, p.tablename)::regclass
      where p.pubname = 'supabase_realtime' order by 1`,
  );
  const expected = livePublication(RESOURCE_DATA);
  const tables = rows.map((r) => r.table);
  check(
    'realtime publication tables',
    JSON.stringify(tables) === JSON.stringify(expected),
    tables.join(', '),
  );
  const withoutRls = rows.filter((r) => !r.rls).map((r) => r.table);
  check(
    'realtime tables have RLS',
    withoutRls.length === 0,
    withoutRls.length ? withoutRls.join(', ') : 'all',
  );
}

/**
 * Realtime Authorization as hosted Realtime runs it (mocks/supabase/realtime/authorization.ts,
 * after supabase/realtime's authorization.ex): probe rows inserted by Realtime's own connection
 * (here `postgres`, which bypasses RLS as supabase_realtime_admin does by owning the table), then
 * the caller's role, claims and realtime.topic for the transaction. An edit dialog's presence topic
 * admits the operators who may edit the record, and nobody else.
 */
async function realtimeAuthorization(postgres: pg.Client) {
  const { rows } = await postgres.query<{ id: string }>(
    'select id from public.news order by created_at limit 1',
  );
  const topic = `presence:news:${rows[0].id}`;
  const db = { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => inTransaction(postgres, fn) };
  const who = {
    owner: ADMIN,
    editor: signedIn('00000000-0000-4000-8000-000000000005'),
    support: signedIn('00000000-0000-4000-8000-000000000006'),
    appUser: USER,
    anon: ANON,
  };
  const answers: Record<string, string> = {};
  for (const [name, identity] of Object.entries(who)) {
    const context = { topic, role: identity.role, claims: identity.claims, headers: {} };
    const read = await authorizeRead(db, context, ['broadcast', 'presence'], emptyPolicies());
    const write = await authorizeWrite(db, context, ['broadcast', 'presence'], read);
    answers[name] =
      `${write.presence.read ? 'r' : '-'}${write.presence.write ? 'w' : '-'}${write.broadcast.read || write.broadcast.write ? 'b' : '-'}`;
  }
  const expected = { owner: 'rw-', editor: 'rw-', support: '---', appUser: '---', anon: '---' };
  check(
    'realtime presence policies',
    JSON.stringify(answers) === JSON.stringify(expected),
    JSON.stringify(answers),
  );
  const left = await postgres.query<{ n: number }>('select count(*)::int as n from realtime.messages');
  check('realtime checks leave no row', left.rows[0].n === 0, `${left.rows[0].n} rows`);
}

/**
 * "Also open by" (20241101004000_open_records.sql) through `authenticator` as PostgREST runs it: an
 * editor's own request marks a record open (the row's user and expiry set by the database), the
 * owner is told the editor's email, support and an app user are told nobody, anon may not ask, and
 * nobody writes a row for someone else.
 */
async function openRecords(postgres: pg.Client, authenticator: pg.Client) {
  const { rows } = await postgres.query<{ id: string }>(
    'select id::text from public.news order by created_at limit 1',
  );
  const newsId = rows[0].id;
  const editor = signedIn('00000000-0000-4000-8000-000000000005');
  const tab = '00000000-0000-4000-8000-0000000000a1';
  // The editor marks the record open, then `identity` asks who has it open (one transaction).
  const openBy = (identity: RequestIdentity) =>
    asRequest(authenticator, identity, async (tx) => {
      await assumeIdentity(tx, editor);
      const lasts = (
        await tx.query<{ n: number }>(`select public.admin_mark_open('news', $1, $2) as n`, [newsId, tab])
      ).rows[0].n;
      await assumeIdentity(tx, identity);
      const { rows: named } = await tx.query<{ email: string }>(
        `select email from public.admin_open_by('news', $1)`,
        [newsId],
      );
      return `${lasts}s:${named.map((r) => r.email).join(',') || '-'}`;
    });
  const answers = {
    owner: await openBy(ADMIN),
    support: await openBy(signedIn('00000000-0000-4000-8000-000000000006')),
    appUser: await openBy(USER),
    anon: await openBy(ANON),
    forSomeoneElse: await asRequest(authenticator, editor, (tx) =>
      tx.query(
        `insert into public.open_records (resource, record_id, user_id, tab) values ('news', $1, $2, $3)`,
        [newsId, ADMIN_ID, tab],
      ),
    ).then((r) => (r.ok ? 'written' : r.code)),
  };
  const expected = {
    owner: { ok: true, value: '90s:editor@labellens.dev' },
    support: { ok: true, value: '90s:-' },
    appUser: { ok: true, value: '90s:-' },
    anon: { ok: false, code: '42501' },
    forSomeoneElse: '42501',
  };
  check(
    'open records (Also open by)',
    JSON.stringify(answers) === JSON.stringify(expected),
    JSON.stringify(answers),
  );
}

/**
 * Storage: the migration's buckets with src/domain/storage.ts's rules, row-level security on
 * storage.objects, and the policies the migration wrote there as `postgres` (supautils'
 * policy_grants on a hosted project).
 */
async function storageBuckets(postgres: pg.Client) {
  const { rows } = await postgres.query<{ id: string; public: boolean; limit: number; types: string[] }>(
    `select id, public, file_size_limit::float8 as limit, allowed_mime_types as types from storage.buckets order by id`,
  );
  const expected = Object.entries(BUCKETS)
    .map(([id, rules]) => ({
      id,
      public: rules.public,
      limit: rules.fileSizeLimit,
      types: [...rules.allowedMimeTypes],
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  check(
    'storage buckets',
    JSON.stringify(rows) === JSON.stringify(expected),
    rows.map((r) => r.id).join(', '),
  );
  const policies = await postgres.query<{ n: number; rls: boolean }>(
    `select (select count(*)::int from pg_policies where schemaname = 'storage' and tablename = 'objects') as n,
            (select relrowsecurity from pg_class where oid = 'storage.objects'::regclass) as rls`,
  );
  const { n, rls } = policies.rows[0];
  check('storage.objects policies under RLS', rls && n === 8, `${n} policies, RLS ${rls ? 'on' : 'off'}`);
}

/**
 * The storage quota (20241101002400_storage_quota.sql) with hosted's roles, as Storage writes the
 * row: the user's folder of avatars filled to its quota by `service_role` (Storage's superuser
 * writes the final row so); then one more, as the user's own insert (canUpload's test under their
 * role and RLS) and as service_role's final row, each refused 42501 with the quota message.
 * Rolled back.
 */
async function storageQuota(postgres: pg.Client, authenticator: pg.Client) {
  const quota = BUCKETS.avatars.userQuota;
  const { rows } = await postgres.query<{ files: number; bytes: number }>(
    `select max_files as files, max_bytes::float8 as bytes from private.storage_quotas where bucket_id = 'avatars'`,
  );
  check(
    'storage quota matches src/domain/storage.ts',
    rows[0]?.files === quota.maxFiles && rows[0]?.bytes === quota.maxBytes,
    JSON.stringify(rows[0] ?? null),
  );
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
    values ('avatars', $1, $2::uuid, $2, '{"size": 1024}', '1')`;
  const outcome = async (identity: RequestIdentity, name: string) => {
    await authenticator.query(`savepoint one_more`);
    try {
      await assumeIdentity(queryable(authenticator), identity);
      await authenticator.query(insert, [`${USER_ID}/${name}`, USER_ID]);
      return 'stored';
    } catch (error) {
      return isPgError(error) ? `${error.code} ${error.message}` : String(error);
    } finally {
      await authenticator.query(`rollback to savepoint one_more`);
    }
  };
  await authenticator.query('begin');
  try {
    await assumeIdentity(queryable(authenticator), {
      role: 'service_role',
      claims: { role: 'service_role' },
    });
    const held = (
      await authenticator.query<{ n: number }>(
        `select count(*)::int as n from storage.objects where bucket_id = 'avatars' and name like $1 || '/%'`,
        [USER_ID],
      )
    ).rows[0].n;
    for (let i = held; i < quota.maxFiles; i += 1)
      await authenticator.query(insert, [`${USER_ID}/${i}.png`, USER_ID]);
    const refused = `42501 ${quotaMessage('avatars', quota)}`;
    const got = {
      user: await outcome(USER, 'one-more.png'),
      serviceRole: await outcome({ role: 'service_role', claims: { role: 'service_role' } }, 'one-more.png'),
    };
    check(
      'storage quota refuses the next file, as the user and as Storage',
      got.user === refused && got.serviceRole === refused,
      JSON.stringify(got),
    );
  } finally {
    await authenticator.query('rollback');
  }
}

/**
 * The declared type (20241101002600_storage_declared_types.sql) with hosted's roles: a type
 * validateMimeType lets through by its first two pieces is refused 42501 with Storage's message as
 * the user's own test insert and as service_role's final row; image/png is stored. Rolled back.
 */
async function storageDeclaredTypes(authenticator: pg.Client) {
  const insert = (type: string) => async (tx: Queryable) => {
    await tx.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
       values ('scan-images', $1, $2::uuid, $2, jsonb_build_object('mimetype', $3::text), '1')`,
      [`${USER_ID}/declared-type.png`, USER_ID, type],
    );
    return 'stored';
  };
  const messageOf = async (identity: RequestIdentity, type: string) => {
    await authenticator.query('begin');
    try {
      await assumeIdentity(queryable(authenticator), identity);
      return await insert(type)(queryable(authenticator));
    } catch (error) {
      return isPgError(error) ? `${error.code} ${error.message}` : String(error);
    } finally {
      await authenticator.query('rollback');
    }
  };
  const serviceRole: RequestIdentity = { role: 'service_role', claims: { role: 'service_role' } };
  const got = {
    userLoose: await messageOf(USER, 'image/png/x'),
    serviceRoleLoose: await messageOf(serviceRole, 'image/png/x'),
    userPng: await messageOf(USER, 'image/png'),
  };
  const refused = `42501 ${typeNotSupportedMessage('image/png/x')}`;
  check(
    'storage refuses a loosely declared type, as the user and as Storage; image/png is stored',
    got.userLoose === refused && got.serviceRoleLoose === refused && got.userPng === 'stored',
    JSON.stringify(got),
  );
}

import { readdir, readFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLOB_STORE_SQL } from '../storage/objects';
import { seedBuckets } from '../storage/seed';
import { runMigrationLikeTheCli, runSeedLikeTheCli } from './cliSql';
import { seedPaths } from './schemaPaths';
import type { Database, Queryable } from './types';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What a hosted project has before any migration: the roles and Auth, then Realtime and Storage. */
export const PLATFORM_FILES = ['platform.sql', 'platform-services.sql'].map((file) =>
  path.join(repoRoot, 'mocks/supabase/sql', file),
);
/** The platform files' text, in order: run as one script. */
export const platformSql = () => PLATFORM_FILES.map((file) => readFileSync(file, 'utf8')).join('\n');
export const MIGRATION_ROLE_SQL = path.join(repoRoot, 'mocks/supabase/sql/migration-role.sql');
/** pgmq's SQL-only install, verbatim (mocks/supabase/vendor/pgmq/README.md). */
export const PGMQ_SQL = path.join(repoRoot, 'mocks/supabase/vendor/pgmq/pgmq.sql');

/**
 * Supabase Queues, as a hosted project's image offers it: pgmq as an extension where this server
 * has one, otherwise pgmq's SQL-only install, which makes the same objects. Run after the migration
 * role exists (migration-role.sql), as that role: hosted's after-create script for pgmq gives its
 * objects to `postgres` (supabase/postgres:
 * ansible/files/postgresql_extension_custom_scripts/pgmq/after-create.sql), so a migration can
 * create a queue. Does nothing where pgmq is already there, so it can run before every prepare.
 */
export const platformQueueSql = (role: string) => `
  do $pgmq_platform$
  begin
    if to_regnamespace('pgmq') is not null then
      null;
    elsif exists (select 1 from pg_catalog.pg_available_extensions where name = 'pgmq') then
      create extension pgmq;
    else
      set role ${role};
      execute $pgmq_sql$
${readFileSync(PGMQ_SQL, 'utf8')}
$pgmq_sql$;
      reset role;
    end if;
  end
  $pgmq_platform$;`;
export const MIGRATIONS_DIR = path.join(repoRoot, 'supabase/migrations');
/** The seed files (config.toml's [db.seed] sql_paths), in the order they run. */
export const seedFiles = () => seedPaths().map((file) => path.join(repoRoot, 'supabase', file));

export interface PrepareResult {
  applied: string[];
  seeded: boolean;
}

/** The last migration before the history was squashed into the baseline (docs/schema-first.md). */
export const LAST_BEFORE_SQUASH = '20241101006300';
/** The baseline's version (scripts/db-squash.ts writes it as one migration). */
const BASELINE_VERSION = '20241201000000';

/**
 * A local database migrated before the squash holds what the baseline builds: record the baseline
 * as applied, as `supabase migration repair` does for a hosted project (docs/deploying.md,
 * "Projects created before the squash"). One that stopped earlier cannot be caught up.
 */
async function repairSquashed(tx: Queryable, done: Set<string>, files: string[]): Promise<void> {
  const old = [...done].filter((v) => v < BASELINE_VERSION);
  if (!old.length) return;
  if (!done.has(LAST_BEFORE_SQUASH))
    throw new Error(
      `This database was migrated before the squash but not to ${LAST_BEFORE_SQUASH}: run npm run db:reset`,
    );
  await tx.query('delete from supabase_migrations.schema_migrations where version < $1', [BASELINE_VERSION]);
  const baseline = files.find((file) => file.startsWith(`${BASELINE_VERSION}_`));
  if (baseline) {
    const name = baseline.replace(/\.sql$/, '').slice(BASELINE_VERSION.length + 1);
    await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
      BASELINE_VERSION,
      name,
    ]);
    done.add(BASELINE_VERSION);
  }
  for (const v of old) done.delete(v);
}

/** Any constant key: prepares of one server serialise on it (parallel test workers, two servers). */
const PREPARE_LOCK_KEY = 7_246_135_001;

/** Where applied migrations are recorded, as the Supabase CLI records them. */
export const MIGRATION_HISTORY_SQL = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (
    version text primary key, name text, applied_at timestamptz not null default now()
  );`;

/** The role with a hosted project's `postgres` rights (mocks/supabase/sql/migration-role.sql). */
export const MIGRATION_ROLE = 'hosted_postgres';

/**
 * Brings a database to the current schema: the platform stand-in, then every migration not yet
 * applied (tracked like the Supabase CLI does, in supabase_migrations.schema_migrations), then the
 * demo data once, on a database that had no migrations before. Migrations and seed run as the CLI
 * sends them (split into statements, the seed prepared as one batch) and with hosted `postgres`'s
 * rights, so what fails on a hosted project fails here. All in one transaction holding an
 * advisory lock, so concurrent callers on one server wait for each other instead of racing, and a
 * failure leaves nothing half-applied.
 */
export async function prepareDatabase(
  db: Database,
  { seed = true }: { seed?: boolean } = {},
): Promise<PrepareResult> {
  const migrationRoleSql = await readFile(MIGRATION_ROLE_SQL, 'utf8');
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [PREPARE_LOCK_KEY]);
    await tx.exec(platformSql());
    await tx.exec(migrationRoleSql);
    await tx.exec(platformQueueSql(MIGRATION_ROLE));
    // Where the stand-in's Storage keeps the bytes (mocks/supabase/storage): not a hosted object.
    await tx.exec(BLOB_STORE_SQL);
    await tx.exec(MIGRATION_HISTORY_SQL);
    const done = new Set(
      (
        await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
      ).rows.map((r) => r.version),
    );
    const isNew = done.size === 0;
    await repairSquashed(tx, done, files);
    const applied: string[] = [];
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (done.has(version)) continue;
      await tx.exec(`set local role ${MIGRATION_ROLE}`);
      await runMigrationLikeTheCli(tx, await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.exec('reset role');
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        rest.join('_'),
      ]);
      applied.push(file);
    }
    const seeds = seedFiles().filter((file) => existsSync(file));
    const seeded = seed && isNew && applied.length > 0 && seeds.length > 0;
    if (seeded) {
      await tx.exec(`set local role ${MIGRATION_ROLE}`);
      // One batch a file, in order, as `supabase db reset` seeds.
      for (const file of seeds) await runSeedLikeTheCli(tx, await readFile(file, 'utf8'));
      await tx.exec('reset role');
      await seedBuckets(tx);
    }
    return { applied, seeded };
  });
}

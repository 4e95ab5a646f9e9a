import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './types';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const PLATFORM_SQL = path.join(repoRoot, 'mocks/supabase/sql/platform.sql');
export const MIGRATIONS_DIR = path.join(repoRoot, 'supabase/migrations');
export const SEED_SQL = path.join(repoRoot, 'supabase/seed.sql');

export interface PrepareResult {
  applied: string[];
  seeded: boolean;
}

/**
 * Brings a database to the current schema: the platform stand-in, then every migration not yet
 * applied (tracked like the Supabase CLI does, in supabase_migrations.schema_migrations), then the
 * demo data once, on a database that had no migrations before.
 */
export async function prepareDatabase(
  db: Database,
  { seed = true }: { seed?: boolean } = {},
): Promise<PrepareResult> {
  await db.exec(await readFile(PLATFORM_SQL, 'utf8'));
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, name text, applied_at timestamptz not null default now()
    );`);
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const isNew = done.size === 0;
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version)) continue;
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        rest.join('_'),
      ]);
    });
    applied.push(file);
  }
  const seeded = seed && isNew && applied.length > 0 && existsSync(SEED_SQL);
  if (seeded) {
    const sql = await readFile(SEED_SQL, 'utf8');
    await db.transaction((tx) => tx.exec(sql));
  }
  return { applied, seeded };
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, prepareDatabase, type Database } from '../db';
import { MIGRATION_ROLE_SQL, MIGRATIONS_DIR, PLATFORM_SQL, SEED_SQL } from '../db/prepare';
import { BLOB_STORE_SQL } from '../storage/objects';
import { seedBucketSources } from '../storage/seed';

const CACHE_DIR = path.resolve('node_modules/.cache/labellens');

/** Hash of everything that shapes a fresh seeded database, so a stale snapshot is never reused. */
async function schemaHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    PLATFORM_SQL,
    MIGRATION_ROLE_SQL,
    SEED_SQL,
    ...(await readdir(MIGRATIONS_DIR)).sort().map((f) => path.join(MIGRATIONS_DIR, f)),
    // The buckets seeded from supabase/config.toml and their files.
    ...(await seedBucketSources()),
  ];
  hash.update(BLOB_STORE_SQL);
  for (const file of files) if (existsSync(file)) hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

/** Path of a PGlite dump of a freshly migrated and seeded database; built once per schema version. */
export async function ensureSnapshot(): Promise<string> {
  const file = path.join(CACHE_DIR, `seeded-${await schemaHash()}.tar`);
  if (existsSync(file)) return file;
  await mkdir(CACHE_DIR, { recursive: true });
  const db = (await openDatabase({ dataDir: 'memory' })) as Database & { dump(): Promise<Blob> };
  await prepareDatabase(db);
  await writeFile(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  return file;
}

/**
 * A migrated, seeded database for one test file: a new PGlite loaded from the snapshot (about a
 * second), or the server at DATABASE_URL (prepared in place; tests there must not depend on writes of
 * other files).
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    await prepareDatabase(db);
    return db;
  }
  const file = process.env.LABELLENS_TEST_SNAPSHOT ?? (await ensureSnapshot());
  // The seeded database is about 12 MB, so 16MB of buffers hold all of it; PostgreSQL's 128MB
  // default cost a quarter of every test file's database opening (about 540 ms to 400 ms).
  return openDatabase({ loadDataDir: new Blob([await readFile(file)]), sharedBuffers: '16MB' });
}

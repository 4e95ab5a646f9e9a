import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, prepareDatabase, type Database } from '../db';
import { createPglite } from '../db/pglite';
import { isAlive } from '../localDatabase';
import {
  MIGRATION_ROLE_SQL,
  MIGRATIONS_DIR,
  PGMQ_SQL,
  PLATFORM_FILES,
  repoRoot,
  seedFiles,
} from '../db/prepare';
import { BLOB_STORE_SQL } from '../storage/objects';
import { seedBucketSources } from '../storage/seed';
import { readDataDirTar, SnapshotFs, type DataDirEntry } from './snapshotFs';

/**
 * In the worktree itself (git-ignored), not node_modules/: worktrees that share one node_modules
 * would otherwise evict each other's snapshots.
 */
const CACHE_DIR = path.join(repoRoot, '.cache/labellens');

/**
 * Hash of everything that shapes a fresh seeded database, so a stale snapshot is never reused. Files
 * are named by their path in the repository, so two checkouts of one commit agree.
 */
async function schemaHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    ...PLATFORM_FILES,
    MIGRATION_ROLE_SQL,
    PGMQ_SQL,
    ...seedFiles(),
    ...(await readdir(MIGRATIONS_DIR)).sort().map((f) => path.join(MIGRATIONS_DIR, f)),
    // The buckets seeded from supabase/config.toml and their files.
    ...(await seedBucketSources()),
  ];
  hash.update(BLOB_STORE_SQL);
  for (const file of files)
    if (existsSync(file)) hash.update(path.relative(repoRoot, file)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Path of a PGlite dump of a freshly migrated and seeded database; built once per schema version.
 * The new cluster it starts from (initdb, nothing added yet) is dumped too, beside it
 * (`clusterDumpOf`), for the test that builds a database from nothing. Built once per process:
 * two callers at once (db:diff builds two databases side by side) share one build, where two would
 * write the same temporary file.
 */
export function ensureSnapshot(): Promise<string> {
  snapshotBuild ??= buildSnapshot();
  return snapshotBuild;
}

let snapshotBuild: Promise<string> | undefined;

async function buildSnapshot(): Promise<string> {
  const file = path.join(CACHE_DIR, `seeded-${await schemaHash()}.tar`);
  if (existsSync(file) && existsSync(clusterDumpOf(file))) return file;
  const db = (await openDatabase({ dataDir: 'memory' })) as Database & { dump(): Promise<Blob> };
  const cluster = await db.dump();
  await prepareDatabase(db);
  const seeded = await db.dump();
  await db.close();
  // The cluster first: a run that finds the seeded snapshot finds its cluster too.
  await writeCached(clusterDumpOf(file), cluster);
  await writeCached(file, seeded);
  return file;
}

/** Where ensureSnapshot keeps the new cluster that a seeded snapshot started from. */
const clusterDumpOf = (snapshot: string) =>
  path.join(path.dirname(snapshot), path.basename(snapshot).replace(/^seeded-/, 'cluster-'));

/**
 * A new PGlite cluster with nothing added (what `PGlite.create()` starts after initdb), for a
 * test that builds a database from nothing (schemas.test.ts): loaded from ensureSnapshot's dump of
 * one, since creating a cluster costs seconds.
 */
export async function openNewClusterPglite(): Promise<PGlite> {
  const entries = readDataDirTar(await newClusterDump());
  return createPglite({ fs: new SnapshotFs(entries), sharedBuffers: '2MB' });
}

/** The data directory of a new cluster (ensureSnapshot's dump of one), as a tar. */
export async function newClusterDump(): Promise<Buffer> {
  const snapshot = process.env.LABELLENS_TEST_SNAPSHOT ?? (await ensureSnapshot());
  return readFile(clusterDumpOf(snapshot));
}

/**
 * Writes a dump into the cache under a temporary name and renames it, so a run never reads a
 * half-written one; then removes the earlier dumps of its kind (`seeded-`, `cluster-`, about 40 MB
 * each). Only older ones: a newer one belongs to a run of other code in this folder, which may
 * still be reading it. (A run that still uses an older one has read it already unless it just
 * started: each worker reads it once, when its first file opens a database, and a file removed
 * while it is read stays readable to that reader.)
 */
async function writeCached(file: string, dump: Blob): Promise<void> {
  await mkdir(CACHE_DIR, { recursive: true });
  const name = path.basename(file);
  const kind = name.slice(0, name.indexOf('-') + 1);
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  const written = (await stat(file)).mtimeMs;
  for (const other of await readdir(CACHE_DIR)) {
    if (!other.startsWith(kind) || other === name) continue;
    const partialOf = /\.tar\.(\d+)\.partial$/.exec(other);
    // A partial file is another build's until its process has gone (it died before the rename).
    const keep = partialOf
      ? isAlive(Number(partialOf[1]))
      : !other.endsWith('.tar') || !(await olderThan(path.join(CACHE_DIR, other), written));
    if (!keep) await rm(path.join(CACHE_DIR, other), { force: true });
  }
}

async function olderThan(file: string, ms: number): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info !== undefined && info.mtimeMs < ms;
}

/**
 * A migrated, seeded database for one test file: a new PGlite loaded from the snapshot (about half a
 * second), or, with DATABASE_URL, a new database on that server cloned from the template database
 * (ensureServerTemplate) and dropped when closed. Either way no file sees another file's writes.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? openServerTestDatabase(serverUrl) : openTestPglite();
}

/**
 * The snapshot's data directory, read and parsed once per test worker (its files share modules:
 * vitest.config.ts, isolate false); each opening copies the files from it (snapshotFs.ts).
 */
let snapshotEntries: Promise<DataDirEntry[]> | undefined;
const readSnapshot = (file: string) =>
  (snapshotEntries ??= readFile(file).then((bytes) => readDataDirTar(bytes)));

/**
 * Writes the snapshot's data directory into `folder` (new or empty) as PGlite keeps a database in a
 * folder (its files below PGDATA), for tests of code that opens a folder as `npm start` does (a worker
 * database, a server in a child process): that code then finds a migrated and seeded database, as
 * in a folder `npm start` prepared before. Creating a new cluster instead (initdb, then the
 * migrations and seed) costs seconds; this costs about a quarter of a second.
 */
export async function writeSnapshotFolder(folder: string): Promise<void> {
  const entries = await readSnapshot(process.env.LABELLENS_TEST_SNAPSHOT ?? (await ensureSnapshot()));
  for (const { path: below, data } of entries) {
    const target = path.join(folder, ...below);
    if (!data) await mkdir(target, { recursive: true });
    else {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    }
  }
}

/** A migrated, seeded in-process PGlite, loaded from the snapshot, whether or not DATABASE_URL is set. */
export async function openTestPglite(): Promise<Database> {
  const { fs, sharedBuffers } = await snapshotPgliteOptions();
  return openDatabase({ pgliteFs: fs, sharedBuffers });
}

/**
 * The same database as a PGlite instance itself (with the migrations' extensions), for tests of
 * code that takes one: creating a new cluster instead (`PGlite.create()`, initdb) costs seconds.
 */
export async function openSnapshotPglite(): Promise<PGlite> {
  return createPglite(await snapshotPgliteOptions());
}

async function snapshotPgliteOptions() {
  const file = process.env.LABELLENS_TEST_SNAPSHOT ?? (await ensureSnapshot());
  // Shared buffers are allocated and cleared at every opening, and a page not in them is one copy
  // away in PGlite's in-memory files: small buffers open faster with queries no slower (figures in
  // docs/testing.md).
  return { fs: new SnapshotFs(await readSnapshot(file)), sharedBuffers: '2MB' };
}

/** `url` with its database name replaced. */
function onDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Runs `fn` on a connection to the server's `url` database, outside any test database. */
async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The database on the DATABASE_URL server that test databases are cloned from, migrated and seeded
 * once per schema version (named after its hash, as the PGlite snapshot is; the previous version's
 * goes). Built under a temporary name and renamed when done, so an interrupted build is never cloned.
 */
export async function ensureServerTemplate(serverUrl: string): Promise<string> {
  const name = `labellens_test_${await schemaHash()}`;
  const exists = (client: pg.Client, datname: string) =>
    client.query('select 1 from pg_database where datname = $1', [datname]).then((r) => r.rows.length > 0);
  if (await onServer(serverUrl, (client) => exists(client, name))) return name;
  const building = `${name}_building`;
  await onServer(serverUrl, async (client) => {
    await client.query(`drop database if exists ${pg.escapeIdentifier(building)} with (force)`);
    await client.query(`create database ${pg.escapeIdentifier(building)}`);
  });
  const db = await openDatabase({ databaseUrl: onDatabase(serverUrl, building) });
  try {
    await prepareDatabase(db);
  } finally {
    await db.close();
  }
  await onServer(serverUrl, async (client) => {
    await client.query(
      `alter database ${pg.escapeIdentifier(building)} rename to ${pg.escapeIdentifier(name)}`,
    );
    // Templates of earlier schema versions are never cloned again.
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^labellens_test_[0-9a-f]{16}$' and datname <> $1",
      [name],
    );
    for (const { datname } of rows) await client.query(`drop database ${pg.escapeIdentifier(datname)}`);
  });
  return name;
}

let serverClones = 0;

async function openServerTestDatabase(serverUrl: string): Promise<Database> {
  const template = process.env.LABELLENS_TEST_TEMPLATE ?? (await ensureServerTemplate(serverUrl));
  // Unique per run, worker and file; globalSetup's teardown drops what a crashed file left behind.
  const name = `${template}_${process.env.LABELLENS_TEST_RUN ?? 'run'}_${process.pid}_${++serverClones}`;
  await onServer(serverUrl, async (client) => {
    // PostgreSQL 15 and later copy the template's files (a small database: quicker than the default
    // strategy, which writes every page to the WAL).
    const { rows } = await client.query<{ v: number }>(
      "select current_setting('server_version_num')::int as v",
    );
    const strategy = rows[0].v >= 150000 ? ' strategy file_copy' : '';
    await client.query(
      `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}${strategy}`,
    );
  });
  const db = await openDatabase({ databaseUrl: onDatabase(serverUrl, name) });
  return {
    ...db,
    close: async () => {
      await db.close();
      await onServer(serverUrl, async (client) => {
        // A closed pool ends its connections without waiting for the server to see them go; a
        // drop that forced them out would make those clients throw after the file ended.
        for (let waited = 0; waited < 5_000; waited += 20) {
          const { rows } = await client.query('select 1 from pg_stat_activity where datname = $1', [name]);
          if (!rows.length) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      });
    },
  };
}

/** Drops the test databases a run left on the server (a file that crashed before closing its own). */
export async function dropServerTestDatabases(serverUrl: string, template: string, run: string) {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [`${template}_${run}_`],
    );
    for (const { datname } of rows)
      await client.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  });
}

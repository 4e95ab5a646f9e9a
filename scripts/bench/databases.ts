import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, prepareDatabase, type Database } from '../../mocks/supabase/db';
import { generateAuditLog } from '../seed/generateAuditLog';
import { generateScans } from '../seed/generateScans';

/** A throw-away database: a temporary PGlite folder, or a new database on the DATABASE_URL server. */
export interface BenchDatabase {
  label: string;
  open(): Promise<Database>;
  /** Environment for `scripts/serve.ts` to use the same database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** `keep`: the database stays (under .data/bench-<size>) for the next run. */
export async function pgliteDatabase(size: number, keep: boolean): Promise<BenchDatabase> {
  if (keep) await mkdir(`.data/bench-${size}`, { recursive: true });
  const dataDir = keep
    ? `.data/bench-${size}`
    : await mkdtemp(path.join(tmpdir(), `labellens-bench-${size}-`));
  return {
    label: 'PGlite',
    open: () => openDatabase({ dataDir }),
    env: { LOCAL_DB_DIR: dataDir },
    drop: () => (keep ? Promise.resolve() : rm(dataDir, { recursive: true, force: true })),
  };
}

export async function postgresDatabase(
  serverUrl: string,
  size: number,
  keep: boolean,
): Promise<BenchDatabase> {
  const name = `labellens_bench_${size}`;
  const server = await openDatabase({ databaseUrl: serverUrl });
  const exists = (await server.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  if (exists && !keep) await server.exec(`drop database ${name} with (force)`);
  if (!exists || !keep) await server.exec(`create database ${name}`);
  await server.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    label: 'PostgreSQL',
    open: () => openDatabase({ databaseUrl: url.toString() }),
    env: { DATABASE_URL: url.toString() },
    async drop() {
      if (keep) return;
      const again = await openDatabase({ databaseUrl: serverUrl });
      await again.exec(`drop database if exists ${name} with (force)`);
      await again.close();
    },
  };
}

type Progress = (done: number, total: number) => void;

/** Fills `table` up to `size` rows with `generate`, showing its progress. */
async function fillTo(
  db: Database,
  table: string,
  size: number,
  noun: string,
  generate: (missing: number, onProgress: Progress) => Promise<unknown>,
) {
  const have = Number((await db.query<{ n: number }>(`select count(*) as n from public.${table}`)).rows[0].n);
  if (have >= size) return;
  const started = performance.now();
  await generate(size - have, (done, total) =>
    process.stdout.write(
      `\r  seeding ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${noun}`,
    ),
  );
  process.stdout.write(` (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}

/** The schema, then as many scans as `size` and as many audit trail entries (the Audit Log and a record's History at that size). */
export async function seed(db: Database, size: number) {
  await prepareDatabase(db);
  await fillTo(db, 'audit_log', size, 'audit entries', async (entries, onProgress) => {
    await generateAuditLog(db, { entries, onProgress });
    await db.exec('analyze public.audit_log');
  });
  await fillTo(db, 'scans', size, 'scans', (scans, onProgress) => generateScans(db, { scans, onProgress }));
}

/**
 * The local database a Node process opens: a Postgres server (DATABASE_URL), PGlite in memory, or
 * PGlite in a folder (LOCAL_DB_DIR, default .data/db). A folder is created when missing and is held
 * by one process at a time: PGlite has no locking of its own, and two processes writing one folder
 * corrupt it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, prepareDatabase, type Database } from './db';
import type { PrepareResult } from './db/prepare';

export const DEFAULT_DATA_DIR = '.data/db';

export interface LocalDatabaseTarget {
  /** A postgres:// URL; when set, dataDir is not used. */
  databaseUrl?: string;
  /** A folder for PGlite, or 'memory'. */
  dataDir: string;
  /** Where the data lives, for messages. */
  label: string;
}

/** The database the stand-in uses: DATABASE_URL, else PGlite in LOCAL_DB_DIR (default .data/db). */
export function localDatabaseTarget(
  dataDir = process.env.LOCAL_DB_DIR || DEFAULT_DATA_DIR,
  databaseUrl = process.env.DATABASE_URL || undefined,
): LocalDatabaseTarget {
  const label = databaseUrl
    ? 'the Postgres server at DATABASE_URL'
    : dataDir === 'memory'
      ? 'PGlite in memory'
      : `PGlite in ${dataDir}`;
  return { databaseUrl, dataDir, label };
}

/** Another live process holds the folder. Its message says which and what to do. */
export class DataFolderInUse extends Error {
  override name = 'DataFolderInUse';
}

interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

/** Beside the folder, not in it, so PGlite's own files stay exactly as PGlite left them. */
export function lockFileFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockHolder>;
    return Number.isInteger(holder.pid) ? (holder as LockHolder) : undefined;
  } catch {
    return undefined; // gone meanwhile, or half-written by a process that died: not a live holder
  }
}

/** Whether a process with that id exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

/**
 * Claims dataDir for this process, or throws DataFolderInUse when a live process holds it. A lock
 * left by a process that has died is taken over. Returns the release function; the lock is also
 * released when the process exits, however it exits short of SIGKILL.
 */
export function claimDataFolder(dataDir: string, command: string): () => void {
  const lockFile = lockFileFor(dataDir);
  const mine: LockHolder = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, JSON.stringify(mine), { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        if (readHolder(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockFile);
    if (holder && isAlive(holder.pid)) {
      throw new DataFolderInUse(
        `The database folder ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}).\n` +
          'PGlite allows one process per folder. Stop that process first, or set LOCAL_DB_DIR to another folder.\n' +
          `(If no such process is running, delete ${lockFile}.)`,
      );
    }
    rmSync(lockFile, { force: true }); // stale: its process is gone
  }
  throw new DataFolderInUse(
    `Could not claim the database folder ${dataDir}: another process keeps taking it.`,
  );
}

/**
 * Opens the target database. For a folder: creates it (and its parents) when missing, claims it for
 * this process first, and with `fresh` empties it after the claim; closing the database releases it.
 */
export async function openLocalDatabase(
  target: LocalDatabaseTarget,
  {
    command,
    fresh = false,
    worker = false,
  }: {
    command: string;
    fresh?: boolean;
    /** PGlite in a worker thread (servers: see workerDatabase.ts). */
    worker?: boolean;
  },
): Promise<Database> {
  if (target.databaseUrl || target.dataDir === 'memory') {
    return openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, worker });
  }
  mkdirSync(target.dataDir, { recursive: true });
  const release = claimDataFolder(target.dataDir, command);
  try {
    if (fresh) {
      rmSync(target.dataDir, { recursive: true, force: true });
      mkdirSync(target.dataDir, { recursive: true });
    }
    const db = await openDatabase({ dataDir: target.dataDir, worker });
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** openLocalDatabase, then the migrations not yet applied (and the demo data on a new database). */
export async function openPreparedLocalDatabase(
  target: LocalDatabaseTarget,
  options: { command: string; fresh?: boolean; worker?: boolean },
): Promise<PrepareResult & { db: Database }> {
  const db = await openLocalDatabase(target, options);
  try {
    return { db, ...(await prepareDatabase(db)) };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** For command-line entry points: a folder in use ends the process with its message, not a stack trace. */
export function exitWhenFolderInUse(error: unknown): never {
  if (error instanceof DataFolderInUse) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { createPglite, resetSessionSql } from './pglite';
import { PreparedStatements } from './preparedStatements';
import type { Database, Queryable, QueryResult } from './types';
import { openWorkerDatabase } from './workerDatabase';

export interface OpenOptions {
  /** A folder for PGlite's files, or 'memory'. Ignored when databaseUrl is given. */
  dataDir?: string;
  /** A postgres:// URL: use that server instead of PGlite (migrations and the auth part use it). */
  databaseUrl?: string;
  /**
   * Where API requests connect on a server: default databaseUrl with the user `authenticator` and
   * the password AUTHENTICATOR_PASSWORD (none when unset).
   */
  authenticatorUrl?: string;
  /** A PGlite data-directory dump (from dumpDataDir) to start from, for fast test databases. */
  loadDataDir?: Blob | File;
  /** A PGlite file system holding the data directory already (testing/snapshotFs.ts), for tests. */
  pgliteFs?: PGliteOptions['fs'];
  /**
   * PostgreSQL's shared_buffers for PGlite (else the data folder's, 128MB). Setting up 128 MB of
   * buffers in PGlite's memory is about a quarter of opening a test database from its dump.
   */
  sharedBuffers?: string;
  /**
   * PGlite in a worker thread (workerDatabase.ts), for servers: HTTP is served while a query runs,
   * and request transactions keep their time budget. Not with loadDataDir.
   */
  worker?: boolean;
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(
      options.databaseUrl,
      options.authenticatorUrl ?? authenticatorUrlFor(options.databaseUrl),
    );
  if (options.worker) return openWorkerDatabase(options.dataDir || 'memory');
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database & { dump(): Promise<Blob> }> {
  const dataDir = !options.dataDir || options.dataDir === 'memory' ? undefined : options.dataDir;
  const db = await createPglite({
    dataDir,
    loadDataDir: options.loadDataDir,
    fs: options.pgliteFs,
    sharedBuffers: options.sharedBuffers,
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query<T>(sql, params);
      return {
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
      } as QueryResult<T>;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const resetSession = await resetSessionSql(db);
  // An API request's statements are prepared, as PostgREST's are (preparedStatements.ts). They run
  // inside db.transaction, which holds PGlite's connection for the request.
  const statements = new PreparedStatements(db);
  const prepared: Queryable = {
    query: async (sql, params) => (await statements.run([{ op: 'query', sql, params }]))!,
    exec: async (sql) => void (await statements.run([{ op: 'exec', sql }])),
    sequence: async (steps) => (await statements.run(steps.map((step) => ({ op: 'query', ...step }))))!,
  };
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    // timeoutMs cannot be kept here: PGlite ignores statement_timeout (see workerDatabase.ts).
    requestTransaction: (fn, { readOnly = false } = {}) =>
      db.transaction(async () => {
        // PostgREST runs GET/HEAD read-only; this must precede any query.
        await prepared.exec(readOnly ? `set transaction read only; ${resetSession}` : resetSession);
        const result = await fn(prepared);
        // A rolled-back transaction undoes its SETs by itself; a committed one keeps them, so reset.
        await prepared.exec(resetSession);
        return result;
      }),
    forgetStatements: () => db.transaction(() => statements.forget()),
    listen: (channel, callback) => db.listen(channel, callback),
    close: () => db.close(),
    dump: () => db.dumpDataDir('none'),
  };
}

// Both drivers agree on JS types: bigint (count(*)) as number, numeric as number.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

function authenticatorUrlFor(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.username = 'authenticator';
  url.password = process.env.AUTHENTICATOR_PASSWORD ?? '';
  return url.toString();
}

/**
 * DISCARD ALL without its DISCARD PLANS (the documented equivalent, less that step): everything a
 * request can leave in its session (settings, role, session authorization, cursors, prepared
 * statements, LISTEN, advisory locks, temporary tables, sequence state) is undone, while the plans
 * PL/pgSQL keeps for the connection survive. Those are no state of the request's: the catalog
 * invalidates them, as DISCARD PLANS would, whenever what they read changes. Every admin read asks
 * has_admin_role() (PL/pgSQL since 20241101003500_scan_reads.sql), whose plans DISCARD PLANS threw
 * away after each request. One simple-protocol message, in its own implicit transaction.
 */
const RESET_SESSION = [
  'close all',
  'set session authorization default',
  'reset all',
  'deallocate all',
  'unlisten *',
  'select pg_advisory_unlock_all()',
  'discard temp',
  'discard sequences',
].join('; ');

async function openPostgres(connectionString: string, authenticatorUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 8 });
  const requests = new pg.Pool({ connectionString: authenticatorUrl, max: 8 });
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    ...wrapPg(pool),
    transaction: (fn) => runTransaction(pool, fn),
    async requestTransaction(fn, { readOnly = false } = {}) {
      const client = await requests.connect();
      try {
        return await runTransaction(client, fn, readOnly ? 'begin read only' : 'begin');
      } finally {
        // Nothing the request set for the session reaches the next user of this connection: it goes
        // back to the pool only once reset (or is dropped if that fails). The answer does not wait
        // for that trip.
        void client.query(RESET_SESSION).then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
      }
    },
    async listen(channel, callback) {
      // A connection of its own: LISTEN holds for the session, and pooled ones are shared.
      const client = new pg.Client({ connectionString });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) callback(message.payload ?? '');
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        if (!listeners.delete(client)) return;
        await client.end();
      };
    },
    close: async () => {
      await Promise.all([pool.end(), requests.end(), ...[...listeners].map((c) => c.end())]);
      listeners.clear();
    },
  };
}

const wrapPg = (q: pg.Pool | pg.PoolClient): Queryable => ({
  async query<T>(sql: string, params?: unknown[]) {
    const result = await q.query(sql, params);
    return {
      rows: result.rows as T[],
      fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      affectedRows: result.rowCount ?? undefined,
    };
  },
  async exec(sql: string) {
    await q.query(sql);
  },
});

async function runTransaction<T>(
  source: pg.Pool | pg.PoolClient,
  fn: (tx: Queryable) => Promise<T>,
  begin = 'begin',
): Promise<T> {
  const client = source instanceof pg.Pool ? await source.connect() : source;
  try {
    await client.query(begin);
    const result = await fn(wrapPg(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    if (source instanceof pg.Pool) (client as pg.PoolClient).release();
  }
}

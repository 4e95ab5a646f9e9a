import type { PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite } from './openPglite';
import type { Database, Queryable } from './types';
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
 * has_admin_role() (PL/pgSQL: supabase/schemas/11_operators_policies.sql), whose plans DISCARD PLANS threw
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

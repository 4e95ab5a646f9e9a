import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { createPglite, resetSessionSql } from './pglite';
import { PreparedStatements, type StatementConnection } from './preparedStatements';
import type { Database, Queryable, QueryResult } from './types';

/** A PGlite as the stand-in's Database, plus the two things the demo adds: a dump and a flush. */
export type PgliteDatabase = Database & { dump(): Promise<Blob>; flush(): Promise<void> };

/**
 * What the stand-in uses of a PGlite: PGlite itself, or PGliteWorker (`@electric-sql/pglite/worker`,
 * the demo's PGlite in a Web Worker shared by tabs), which proxies the same methods to it.
 */
export type PgliteConnection = StatementConnection &
  Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'close' | 'dumpDataDir'>;

/**
 * PGlite in this thread as the stand-in's Database, without the Postgres driver or Node's worker
 * threads (open.ts adds those): the demo build opens it in a browser page.
 */
export async function openPglite(
  options: Pick<PGliteOptions, 'loadDataDir'> & {
    dataDir?: string;
    pgliteFs?: PGliteOptions['fs'];
    sharedBuffers?: string;
  },
): Promise<PgliteDatabase> {
  const dataDir = !options.dataDir || options.dataDir === 'memory' ? undefined : options.dataDir;
  const db = await createPglite({
    dataDir,
    loadDataDir: options.loadDataDir,
    fs: options.pgliteFs,
    sharedBuffers: options.sharedBuffers,
  });
  return pgliteDatabase(db, { flush: () => flushPglite(db) });
}

/**
 * Writes what the data directory holds to its store (IndexedDB in a browser) and waits for it.
 * Through the filesystem itself: PGlite's own syncToFs returns at once while another sync is
 * queued, before the data is stored.
 */
export async function flushPglite(db: PGlite): Promise<void> {
  await db.fs?.syncToFs(false);
}

/**
 * The stand-in's Database on a PGlite connection (in this thread or a worker's). statementPrefix
 * names this client's prepared statements apart from another's on the same connection (each tab of
 * the demo prepares its own on the one shared PGlite).
 */
export async function pgliteDatabase(
  db: PgliteConnection,
  options: { flush: () => Promise<void>; statementPrefix?: string },
): Promise<PgliteDatabase & { statements: PreparedStatements }> {
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
  const statements = new PreparedStatements(db, undefined, options.statementPrefix);
  const prepared: Queryable = {
    query: async (sql, params) => (await statements.run([{ op: 'query', sql, params }]))!,
    exec: async (sql) => void (await statements.run([{ op: 'exec', sql }])),
    sequence: async (steps) => (await statements.run(steps.map((step) => ({ op: 'query', ...step }))))!,
  };
  return {
    kind: 'pglite',
    statements,
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
    flush: options.flush,
  };
}

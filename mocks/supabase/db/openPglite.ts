import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { createPglite, resetSessionSql } from './pglite';
import { PreparedStatements } from './preparedStatements';
import type { Database, Queryable, QueryResult } from './types';

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
): Promise<Database & { dump(): Promise<Blob>; flush(): Promise<void> }> {
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
    // Writes what the data directory holds to its store (IndexedDB in a browser) and waits for it.
    // Through the filesystem itself: PGlite's own syncToFs returns at once while another sync is
    // queued, before the data is stored.
    flush: async () => db.fs?.syncToFs(false),
  };
}

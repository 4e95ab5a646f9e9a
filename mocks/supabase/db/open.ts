import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import type { Database, Queryable, QueryResult } from './types';

export interface OpenOptions {
  /** A folder for PGlite's files, or 'memory'. Ignored when databaseUrl is given. */
  dataDir?: string;
  /** A postgres:// URL: use that server instead of PGlite. */
  databaseUrl?: string;
  /** A PGlite data-directory dump (from dumpDataDir) to start from, for fast test databases. */
  loadDataDir?: Blob | File;
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database & { dump(): Promise<Blob> }> {
  const dataDir = !options.dataDir || options.dataDir === 'memory' ? undefined : options.dataDir;
  const db = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pgcrypto, pg_trgm },
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query<T>(sql, params);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } as QueryResult<T>;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
    dump: () => db.dumpDataDir('none'),
  };
}

// Both drivers agree on JS types: bigint (count(*)) as number, numeric as number.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 8 });
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
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
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

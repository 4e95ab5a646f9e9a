import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { assumeIdentity } from '../../mocks/supabase/db/identity';
import { isPgError, type Queryable, type RequestIdentity } from '../../mocks/supabase/db/types';

/** What every part of the hosted model shares: the cluster's address, the checks' record, requests as PostgREST makes them. */
export const here = path.dirname(fileURLToPath(import.meta.url));
export const SUPABASE_DIR = path.resolve(here, '../../supabase');
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const PORT = Number(process.env.HOSTED_MODEL_PORT ?? 55_432);

export const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
export const USER_ID = '00000000-0000-4000-8000-000000000002';
export const signedIn = (sub: string): RequestIdentity => ({
  role: 'authenticated',
  claims: { sub, role: 'authenticated', aud: 'authenticated' },
});
export const ADMIN = signedIn(ADMIN_ID);
export const USER = signedIn(USER_ID);
export const ANON: RequestIdentity = { role: 'anon', claims: { role: 'anon' } };

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
export const checks: Check[] = [];
export function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

/** node-postgres as a Queryable; `query` uses the extended protocol, one statement, as pgx does. */
export function queryable(client: pg.Client): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      // node-postgres >= 8.12 reads queryMode; its type declarations do not list it yet.
      const config: pg.QueryConfig & { queryMode: 'extended' } = {
        text: sql,
        values: params,
        queryMode: 'extended',
      };
      const result = await client.query(config);
      return { rows: result.rows as T[], fields: result.fields, affectedRows: result.rowCount ?? undefined };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export async function connect(socketDir: string, user: string, database = 'postgres'): Promise<pg.Client> {
  const client = new pg.Client({ host: socketDir, port: PORT, user, database });
  await client.connect();
  return client;
}

export async function inTransaction<T>(client: pg.Client, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await fn(queryable(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** One PostgREST request: the role and claims for the transaction only, then rolled back. */
export async function asRequest<T>(
  authenticator: pg.Client,
  identity: RequestIdentity,
  fn: (tx: Queryable) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  await authenticator.query('begin');
  try {
    const tx = queryable(authenticator);
    await assumeIdentity(tx, identity);
    return { ok: true, value: await fn(tx) };
  } catch (error) {
    if (isPgError(error)) return { ok: false, code: error.code };
    throw error;
  } finally {
    await authenticator.query('rollback');
  }
}

export const count = async (tx: Queryable, sql: string) =>
  Number((await tx.query<{ n: string }>(sql)).rows[0].n);

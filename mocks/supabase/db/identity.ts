import type { Database, Queryable, RequestIdentity } from './types';

/**
 * Runs fn in one transaction as PostgREST runs a request: the API role and the JWT claims are set
 * for the transaction only, so Postgres itself enforces row-level security.
 */
export function withIdentity<T>(
  db: Database,
  identity: RequestIdentity,
  fn: (tx: Queryable) => Promise<T>,
  requestInfo: { method?: string; path?: string; headers?: Record<string, string>; readOnly?: boolean } = {},
): Promise<T> {
  return db.requestTransaction(
    async (tx) => {
      // Every request.* setting is local to this transaction (set_config's third argument).
      await tx.query(
        `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true),
              set_config('request.path', $4, true),
              set_config('request.headers', $5, true)`,
        [
          identity.role,
          JSON.stringify(identity.claims),
          requestInfo.method ?? '',
          requestInfo.path ?? '',
          JSON.stringify(requestInfo.headers ?? {}),
        ],
      );
      return fn(tx);
    },
    { readOnly: requestInfo.readOnly },
  );
}

import type { Database, Queryable, RequestIdentity } from './types';

export interface RequestInfo {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  readOnly?: boolean;
}

/**
 * Takes on the API role and the JWT claims for the rest of the transaction, as PostgREST does:
 * every setting is local to the transaction (set_config's third argument).
 */
export async function assumeIdentity(
  tx: Queryable,
  identity: RequestIdentity,
  requestInfo: RequestInfo = {},
) {
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
}

/**
 * Runs fn in one transaction as PostgREST runs a request (see Database.requestTransaction): the
 * API role and the JWT claims are set for the transaction only, so Postgres itself enforces
 * row-level security, and nothing the request sets outlives it.
 */
export function withIdentity<T>(
  db: Database,
  identity: RequestIdentity,
  fn: (tx: Queryable) => Promise<T>,
  requestInfo: RequestInfo = {},
): Promise<T> {
  return db.requestTransaction(
    async (tx) => {
      await assumeIdentity(tx, identity, requestInfo);
      return fn(tx);
    },
    { readOnly: requestInfo.readOnly },
  );
}

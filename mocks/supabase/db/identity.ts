import { inOrder, type Database, type Queryable, type RequestIdentity } from './types';

export interface RequestInfo {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  readOnly?: boolean;
  /** The role's own settings (statement_timeout, …), applied for the transaction as PostgREST does. */
  roleSettings?: ReadonlyArray<readonly [string, string]>;
  /** SQL calling PostgREST's db-pre-request function (quoted identifiers), run after the settings. */
  preRequest?: string | null;
  /** The request's time budget (the role's statement_timeout), see Database.requestTransaction. */
  timeoutMs?: number;
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
  // One statement, whose rows set_config takes in order: first the role's own settings, before the
  // role switch as PostgREST orders them (so GRANT SET ON PARAMETER to the authenticator
  // suffices), then the role and the request's claims, method, path and headers. Names and values
  // are bound parameters.
  const settings: Array<readonly [string, string]> = [
    ...(requestInfo.roleSettings ?? []),
    ['role', identity.role],
    ['request.jwt.claims', JSON.stringify(identity.claims)],
    ['request.method', requestInfo.method ?? ''],
    ['request.path', requestInfo.path ?? ''],
    ['request.headers', JSON.stringify(requestInfo.headers ?? {})],
  ];
  // The pre-request function runs after them, in the same trip where the driver allows.
  await inOrder(tx, [
    {
      sql: `select set_config(k, v, true) from unnest($1::text[], $2::text[]) as s(k, v)`,
      params: [settings.map(([key]) => key), settings.map(([, value]) => value)],
    },
    ...(requestInfo.preRequest ? [{ sql: `select ${requestInfo.preRequest}` }] : []),
  ]);
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
    { readOnly: requestInfo.readOnly, timeoutMs: requestInfo.timeoutMs },
  );
}

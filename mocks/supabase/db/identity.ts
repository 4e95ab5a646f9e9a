import { inOrder, type Database, type Queryable, type RequestIdentity, type Statement } from './types';

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

/** The statements that take on the API role and the JWT claims, then call the pre-request function. */
function identityStatements(identity: RequestIdentity, requestInfo: RequestInfo): Statement[] {
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
  return [
    {
      sql: `select set_config(k, v, true) from unnest($1::text[], $2::text[]) as s(k, v)`,
      params: [settings.map(([key]) => key), settings.map(([, value]) => value)],
    },
    ...(requestInfo.preRequest ? [{ sql: `select ${requestInfo.preRequest}` }] : []),
  ];
}

/**
 * Takes on the API role and the JWT claims for the rest of the transaction, as PostgREST does:
 * every setting is local to the transaction (set_config's third argument). The pre-request
 * function runs after them, in the same trip where the driver allows.
 */
export async function assumeIdentity(
  tx: Queryable,
  identity: RequestIdentity,
  requestInfo: RequestInfo = {},
) {
  await inOrder(tx, identityStatements(identity, requestInfo));
}

/**
 * tx, whose first statement is preceded by `opening` in the same trip (Queryable.sequence: one
 * message to a worker-backed PGlite instead of two); `flush` runs `opening` if nothing has yet.
 */
function openingWith(tx: Queryable, opening: Statement[]) {
  let pending: Statement[] | undefined = opening;
  const take = () => {
    const statements = pending ?? [];
    pending = undefined;
    return statements;
  };
  const wrapped: Queryable = {
    query: <T>(sql: string, params?: unknown[]) =>
      pending ? inOrder<T>(tx, [...take(), { sql, params }]) : tx.query<T>(sql, params),
    async exec(sql: string) {
      // exec takes several statements and no parameters: the opening goes first, on its own.
      if (pending) await inOrder(tx, take());
      await tx.exec(sql);
    },
    sequence: <T>(statements: ReadonlyArray<Statement>) => inOrder<T>(tx, [...take(), ...statements]),
  };
  return {
    tx: wrapped,
    flush: async () => {
      if (pending) await inOrder(tx, take());
    },
  };
}

/**
 * Runs fn in one transaction as PostgREST runs a request (see Database.requestTransaction): the
 * API role and the JWT claims are set for the transaction only, so Postgres itself enforces
 * row-level security, and nothing the request sets outlives it. They are set, and the pre-request
 * function called, in the trip of the request's first statement (no statement runs without them);
 * a request refused before any statement (an unknown table or function, which PostgREST refuses
 * from its schema cache before its transaction) calls no pre-request function, as PostgREST's.
 */
export function withIdentity<T>(
  db: Database,
  identity: RequestIdentity,
  fn: (tx: Queryable) => Promise<T>,
  requestInfo: RequestInfo = {},
): Promise<T> {
  return db.requestTransaction(
    async (tx) => {
      const opened = openingWith(tx, identityStatements(identity, requestInfo));
      const result = await fn(opened.tx);
      // An answer given without a statement still passes the pre-request function.
      await opened.flush();
      return result;
    },
    { readOnly: requestInfo.readOnly, timeoutMs: requestInfo.timeoutMs },
  );
}

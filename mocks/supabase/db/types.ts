export interface QueryResult<T> {
  rows: T[];
  fields: ReadonlyArray<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  /**
   * Runs statements one after another, stopping at the first error, and answers the last one's
   * result, in one trip where the driver can: PGlite's request transactions send them in one call
   * (preparedStatements.ts), and a worker-backed PGlite in one message (each a trip to another
   * thread). Optional: `inOrder` runs them one by one elsewhere.
   */
  sequence?<T = Record<string, unknown>>(statements: ReadonlyArray<Statement>): Promise<QueryResult<T>>;
}

/** One statement of a sequence: SQL and its bound parameters. */
export interface Statement {
  sql: string;
  params?: unknown[];
}

/** Runs statements in order on tx, in one trip where tx can (Queryable.sequence). */
export async function inOrder<T>(
  tx: Queryable,
  statements: ReadonlyArray<Statement>,
): Promise<QueryResult<T>> {
  let last: QueryResult<T> = { rows: [], fields: [] };
  if (statements.length === 0) return last;
  if (tx.sequence) return tx.sequence<T>(statements);
  for (const { sql, params } of statements) last = await tx.query<T>(sql, params);
  return last;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs one API request's transaction so that nothing it does outlives it. On a Postgres server
   * it runs as the non-superuser `authenticator` role, which can only become anon, authenticated
   * or service_role (as PostgREST connects), and the connection's session state is discarded
   * before it goes back to the pool. On PGlite, whose one connection is the superuser, session
   * state (role, session authorization, every setting) is reset before and after the request.
   *
   * timeoutMs is the request's budget (the role's statement_timeout). A server enforces the
   * setting itself; PGlite does not (its single thread has no timer to cancel a statement), so a
   * worker-backed PGlite (openDatabase with worker) ends the worker running an overdue request
   * and answers 57014 as Postgres would. An in-process PGlite cannot enforce it.
   */
  requestTransaction<T>(
    fn: (tx: Queryable) => Promise<T>,
    options?: { readOnly?: boolean; timeoutMs?: number },
  ): Promise<T>;
  /**
   * LISTEN on a channel: callback gets each NOTIFY payload, after the sending transaction commits
   * and in commit order (what Realtime's change capture relies on). Resolves to the UNLISTEN.
   */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Closes the prepared statements API requests left on the connection, where the database keeps
   * them (a worker-backed PGlite: workerDatabase.ts); called when the schema cache is reloaded.
   */
  forgetStatements?(): Promise<void>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers report it (SQLSTATE code plus the server's texts). */
export interface PgError extends Error {
  code: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

/** The API roles of a Supabase project (the stand-in's platform.sql creates them). */
export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface RequestIdentity {
  role: ApiRole;
  /** The verified JWT payload; PostgREST exposes it as request.jwt.claims. */
  claims: Record<string, unknown>;
}

/**
 * Realtime Authorization as supabase/realtime runs it (lib/realtime/tenants/authorization.ex):
 * whether an identity may read (join) or write (track presence, send broadcasts) a private
 * channel's topic is decided by the row-level security policies on `realtime.messages`, under the
 * caller's role and JWT claims, with `realtime.topic` set to the channel's name.
 *
 * Read: in one transaction, insert one probe row per extension (as Realtime's own connection,
 * which RLS does not stop), take on the caller's role, claims and topic, select the probes back;
 * an extension whose probe is visible is readable. Write: take on the caller's identity and insert
 * one row per extension, each in a savepoint; an insufficient_privilege error (a policy refused the
 * row) means no. Both roll back, so no row outlives a check.
 */
import type { Database, Queryable } from '../db';
import { isPgError } from '../db/types';

export type Extension = 'broadcast' | 'presence';

/** Per extension: undefined = not checked yet, as Realtime's Policies struct keeps nil. */
export interface Policies {
  broadcast: { read?: boolean; write?: boolean };
  presence: { read?: boolean; write?: boolean };
}

export interface AuthorizationContext {
  /** The channel's name without Phoenix's `realtime:` prefix (what realtime.topic() answers). */
  topic: string;
  role: string;
  claims: Record<string, unknown>;
  /** The upgrade request's `x-` headers (Phoenix's x_headers connect info), names lower-case. */
  headers: Record<string, string>;
}

/**
 * What Realtime keeps of the upgrade request's headers: Phoenix's `x_headers` (every header whose
 * lower-case name starts with `x-`, as pairs) made a map by set_conn_config (`Map.new`, so a
 * repeated name keeps its last value). `raw` is Node's rawHeaders: name, value, name, value...
 */
export function xHeaders(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (name.startsWith('x-')) headers[name] = raw[i + 1];
  }
  return headers;
}

export const emptyPolicies = (): Policies => ({ broadcast: {}, presence: {} });

/** A policy that raised is an RLS error; Realtime answers it as a refusal (rls_policy_error). */
class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

/** Where the checks run: the stand-in's database, or the hosted model's connection (check.ts). */
export type Transactor = Pick<Database, 'transaction'>;

async function rolledBack<T>(db: Transactor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}

/**
 * JSON as Jason encodes an Elixir map: an Erlang map of up to 32 keys iterates in key order, so
 * the text has its keys sorted (what a policy reading the setting as text sees).
 */
function elixirJson(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sorted(value));
}

/**
 * authorization.ex set_conn_config, setting for setting: role, realtime.topic, request.jwt.claims,
 * request.jwt.claim.sub (the claims' `sub`, NULL without one), request.jwt.claim.role and
 * request.headers (the x- headers as a JSON object), all local to the transaction.
 */
function setConnConfig(tx: Queryable, context: AuthorizationContext) {
  const sub = typeof context.claims.sub === 'string' ? context.claims.sub : null;
  return tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $5, true), set_config('request.headers', $6, true)`,
    [context.role, context.topic, elixirJson(context.claims), sub, context.role, elixirJson(context.headers)],
  );
}

/** get_read_authorizations: the extensions' read flags; throws on a policy error (refusal). */
export async function authorizeRead(
  db: Transactor,
  context: AuthorizationContext,
  extensions: readonly Extension[],
  policies: Policies,
): Promise<Policies> {
  const ids = extensions.map(() => crypto.randomUUID());
  const visible = await rolledBack(db, async (tx) => {
    await tx.query(
      `insert into realtime.messages (id, topic, extension)
       select id, $2, extension from unnest($1::uuid[], $3::text[]) as p(id, extension)`,
      [ids, context.topic, extensions],
    );
    await setConnConfig(tx, context);
    const { rows } = await tx.query<{ id: string }>(
      'select id from realtime.messages where id = any($1::uuid[])',
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  });
  const next: Policies = { broadcast: { ...policies.broadcast }, presence: { ...policies.presence } };
  extensions.forEach((extension, i) => (next[extension].read = visible.has(ids[i])));
  return next;
}

/** get_write_authorizations: an extension not asked about is not writable. */
export async function authorizeWrite(
  db: Transactor,
  context: AuthorizationContext,
  extensions: readonly Extension[],
  policies: Policies,
): Promise<Policies> {
  const next: Policies = { broadcast: { ...policies.broadcast }, presence: { ...policies.presence } };
  await rolledBack(db, async (tx) => {
    await setConnConfig(tx, context);
    for (const extension of ['broadcast', 'presence'] as const) {
      if (!extensions.includes(extension)) {
        next[extension].write = false;
        continue;
      }
      await tx.query('savepoint realtime_write_check');
      try {
        await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [
          context.topic,
          extension,
        ]);
        next[extension].write = true;
      } catch (error) {
        if (!isPgError(error) || error.code !== '42501') throw error;
        next[extension].write = false;
      }
      await tx.query('rollback to savepoint realtime_write_check');
    }
  });
  return next;
}

/** What a policy sees of a channel (the topic without Phoenix's `realtime:` prefix). */
export function authorizationContext(
  topic: string,
  identity: { role: string; claims: Record<string, unknown> },
  connection: { headers: Record<string, string> },
): AuthorizationContext {
  return {
    topic: topic.replace(/^realtime:/, ''),
    role: identity.role,
    claims: identity.claims,
    headers: connection.headers,
  };
}

import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './types';

/** A step of a batch: a statement with bound parameters, or SQL text without any (`exec`). */
export type BatchStep = { op: 'query'; sql: string; params?: unknown[] } | { op: 'exec'; sql: string };

/**
 * How many named statements one connection keeps. The REST layer writes one SQL text per shape of
 * request (table, select, filters, order; never a value), so the admin's screens use a few dozen;
 * the bound keeps a client that invents shapes (a new alias per request) from growing the
 * connection's memory without end. Past it, the least recently used statement is closed.
 */
export const MAX_PREPARED_STATEMENTS = 256;

interface Prepared {
  name: string;
  /** The parameters' types as Postgres inferred them (ParameterDescription), for serialising values. */
  paramTypes: number[];
}

const { serialize } = protocol;

/** What the statements need of a PGlite connection (PGlite, or PGliteWorker proxying one). */
export type StatementConnection = Pick<PGlite, 'execProtocol' | 'parsers' | 'serializers'>;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Runs statements on one PGlite connection the way PostgREST runs its queries on Postgres: as named
 * prepared statements (Parse once per SQL text, then Bind and Execute), so that Postgres keeps the
 * parse analysis and, after its first five runs, may keep a generic plan instead of planning every
 * request again (PostgREST: `db-prepared-statements`, on by default; hasql's statement cache per
 * connection). On PGlite planning a request's read was about 0.6 of its 1.0 ms.
 *
 * A batch of steps travels as ONE call into PGlite (`execProtocol`): the statements' Bind/Execute
 * messages, `exec` steps as simple Query messages, one Sync at the end. After an error Postgres skips
 * the batch's remaining extended-protocol messages up to that Sync, so a batch stops at its first
 * error as running the steps one by one did; the first error is the one thrown.
 *
 * Correctness is Postgres' own: a prepared statement's plan is re-made when anything it reads
 * changes (a migration's DDL invalidates it through the catalog), when the role that ran its
 * row-level security differs (plancache.c, RevalidateCachedQuery checks `rewriteRoleId`), or when
 * search_path differs. Values are always bound, never part of the cached text. What Postgres cannot
 * re-make is a statement whose own result columns changed ("cached plan must not change result
 * type"): the REST layer's statements return fixed columns (the body as text, counts), whatever the
 * tables hold; Storage's name their columns. And `forget()` drops every statement when the schema
 * cache is reloaded, as PostgREST flushes its pool, and with it its connections' prepared statements,
 * after loading its schema cache (src/PostgREST/AppState.hs, retryingSchemaCacheLoad: flushPool).
 */
export class PreparedStatements {
  /** SQL text to statement, in least-recently-used order (a Map iterates in insertion order). */
  private readonly statements = new Map<string, Prepared>();
  private nextName = 1;

  constructor(
    private readonly db: StatementConnection,
    private readonly maxSize = MAX_PREPARED_STATEMENTS,
    /** Keeps these names apart from another client's on the same connection (the demo's tabs). */
    private readonly prefix = 'labellens',
  ) {}

  get size() {
    return this.statements.size;
  }

  /** Runs the steps in order, in one call into PGlite where every statement is prepared already. */
  async run<T>(steps: ReadonlyArray<BatchStep>): Promise<QueryResult<T> | null> {
    const messages: Uint8Array[] = [];
    let last: 'query' | 'exec' | undefined;
    for (const step of steps) {
      if (step.op === 'exec') {
        messages.push(serialize.query(step.sql));
      } else {
        // A statement not yet prepared is parsed in its own call, after what precedes it ran: its
        // parse analysis sees what those steps did (the transaction, the role).
        const prepared = this.used(step.sql) ?? (await this.prepare(step.sql, messages));
        messages.push(
          serialize.bind({ statement: prepared.name, values: this.serializeParams(prepared, step.params) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        );
      }
      last = step.op;
    }
    if (messages.length === 0) return null;
    messages.push(serialize.sync());
    const { messages: replies } = await this.db.execProtocol(concat(messages));
    if (last !== 'query') return null;
    // The last statement's replies: from its BindComplete on (parseResults sums affected rows over
    // every command it is given).
    let from = replies.length - 1;
    while (from > 0 && replies[from].name !== 'bindComplete') from -= 1;
    const result = parse.parseResults(replies.slice(from), this.db.parsers)[0];
    return { rows: result.rows as T[], fields: result.fields, affectedRows: result.affectedRows };
  }

  /** Closes every prepared statement (the schema cache was reloaded). */
  async forget() {
    const names = [...this.statements.values()].map(({ name }) => name);
    this.statements.clear();
    if (names.length === 0) return;
    await this.db.execProtocol(
      concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]),
    );
  }

  /**
   * Drops every statement from the map without closing it: the connection that held them is gone
   * (the demo's leader tab closed, and another tab's worker opened PGlite anew).
   */
  lost() {
    this.statements.clear();
  }

  /** The statement prepared for sql, now the most recently used. */
  private used(sql: string): Prepared | undefined {
    const prepared = this.statements.get(sql);
    if (prepared) {
      this.statements.delete(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /**
   * Parses sql as a new named statement, sending `before` (the batch so far, then emptied) first in
   * the same call, and records it as the most recently used.
   */
  private async prepare(sql: string, before: Uint8Array[]): Promise<Prepared> {
    const evicted: string[] = [];
    while (this.statements.size >= this.maxSize) {
      const [oldestSql, oldest] = this.statements.entries().next().value!;
      this.statements.delete(oldestSql);
      evicted.push(oldest.name);
    }
    const name = `${this.prefix}_${this.nextName++}`;
    const close = (names: string[]) => names.map((n) => serialize.close({ type: 'S', name: n }));
    let messages;
    try {
      // The evicted ones are closed after the batch so far, which may still bind one of them.
      ({ messages } = await this.db.execProtocol(
        concat([
          ...before.splice(0),
          ...close(evicted),
          serialize.parse({ name, text: sql }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
      ));
    } catch (error) {
      // After an error Postgres skipped the rest up to the Sync: close them now (closing a name
      // that does not exist is no error), so no statement outlives its place in the map.
      await this.db.execProtocol(concat([...close([...evicted, name]), serialize.sync()]));
      throw error;
    }
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, prepared);
    return prepared;
  }

  /** Values in Postgres' text format, as PGlite's own query() serialises them (by parameter type). */
  private serializeParams(prepared: Prepared, params: unknown[] = []): Array<string | null> {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.db.serializers[prepared.paramTypes[i]];
      return serializer ? serializer(value) : String(value);
    });
  }
}

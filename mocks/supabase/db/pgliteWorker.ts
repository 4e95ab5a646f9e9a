/**
 * The worker thread that owns a PGlite instance for workerDatabase.ts: the database's work never
 * runs on the thread that serves HTTP, and a request over its time budget is ended by ending this
 * thread. Messages: { id, op, sql?, params?, steps?, prepared? } in; { id, result } or { id, error } out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite, resetSessionSql } from './pglite';
import { PreparedStatements, type BatchStep } from './preparedStatements';

export type WorkerStatement = BatchStep;
export type WorkerCall =
  | WorkerStatement
  /**
   * Statements run in order, stopping at the first error; the reply is the last one's result.
   * `prepared`: as named prepared statements, in one call into PGlite (preparedStatements.ts); what
   * API requests run.
   */
  | { op: 'steps'; steps: WorkerStatement[]; prepared?: boolean }
  /** Closes every prepared statement (the schema cache was reloaded). */
  | { op: 'forgetStatements' }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' };
export type WorkerRequest = WorkerCall & { id: number };

export type WorkerReply =
  | { id: number; result: unknown }
  | { id: number; error: SerializedError }
  | { ready: true; resetSession: string }
  /** A NOTIFY on a channel the host listens to (sent by PGlite once the transaction commits). */
  | { notification: { channel: string; payload: string } };

/** A Postgres error's fields (PGlite's DatabaseError), which survive the trip between threads. */
export interface SerializedError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'constraint',
] as const;

function serialize(error: unknown): SerializedError {
  const out: SerializedError = { message: error instanceof Error ? error.message : String(error) };
  for (const field of ERROR_FIELDS) {
    const value = (error as Record<string, unknown> | null)?.[field];
    if (typeof value === 'string') out[field] = value;
  }
  return out;
}

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };
const db = await createPglite({ dataDir });
const unlisteners = new Map<string, () => Promise<void>>();
const statements = new PreparedStatements(db);

async function run(statement: WorkerStatement) {
  if (statement.op === 'exec') return void (await db.exec(statement.sql));
  const result = await db.query(statement.sql, statement.params);
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

port.on('message', (request: WorkerRequest) => {
  void (async () => {
    try {
      if (request.op === 'query' || request.op === 'exec') {
        port.postMessage({ id: request.id, result: (await run(request)) ?? null } satisfies WorkerReply);
      } else if (request.op === 'steps' && request.prepared) {
        port.postMessage({
          id: request.id,
          result: await statements.run(request.steps),
        } satisfies WorkerReply);
      } else if (request.op === 'forgetStatements') {
        await statements.forget();
        port.postMessage({ id: request.id, result: null } satisfies WorkerReply);
      } else if (request.op === 'steps') {
        let result: unknown = null;
        for (const step of request.steps) result = (await run(step)) ?? null;
        port.postMessage({ id: request.id, result } satisfies WorkerReply);
      } else if (request.op === 'listen') {
        if (!unlisteners.has(request.channel)) {
          const channel = request.channel;
          const notify = (payload: string) =>
            port.postMessage({ notification: { channel, payload } } satisfies WorkerReply);
          unlisteners.set(channel, await db.listen(channel, notify));
        }
        port.postMessage({ id: request.id, result: null } satisfies WorkerReply);
      } else if (request.op === 'unlisten') {
        await unlisteners.get(request.channel)?.();
        unlisteners.delete(request.channel);
        port.postMessage({ id: request.id, result: null } satisfies WorkerReply);
      } else {
        await db.close();
        port.postMessage({ id: request.id, result: null } satisfies WorkerReply);
      }
    } catch (error) {
      port.postMessage({ id: request.id, error: serialize(error) } satisfies WorkerReply);
    }
  })();
});
port.postMessage({ ready: true, resetSession: await resetSessionSql(db) } satisfies WorkerReply);

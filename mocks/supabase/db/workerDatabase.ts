import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  SerializedError,
  WorkerCall,
  WorkerReply,
  WorkerRequest,
  WorkerStatement,
} from './pgliteWorker';
import type { Database, PgError, Queryable, QueryResult, Statement } from './types';

/**
 * PGlite in a worker thread (pgliteWorker.ts), for servers: the thread that serves the site and
 * /auth/v1/health never waits for the database, and a request's time budget is enforced even
 * though PGlite ignores statement_timeout (its single thread has no timer to cancel a statement
 * with). When a request transaction overruns, the worker is ended and a new one opens the same
 * folder: Postgres recovers every committed transaction from its write-ahead log, the overdue one
 * is lost as a cancelled one would be rolled back, and the request answers 57014 like Postgres.
 *
 * 'memory' becomes a fresh temporary folder, deleted on close, so a replaced worker keeps what was
 * committed there too.
 */
export async function openWorkerDatabase(dataDir: string): Promise<Database> {
  const temporary = dataDir === 'memory';
  const folder = temporary ? mkdtempSync(path.join(tmpdir(), 'labellens-pglite-')) : dataDir;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const notify = (channel: string, payload: string) => {
    for (const callback of listeners.get(channel) ?? []) callback(payload);
  };
  let host = await WorkerHost.start(folder, notify);
  const lock = createLock();

  // Replaces a worker that was ended (overrun) or died (out of memory, a crash in PGlite), and
  // listens again on the channels the old one listened to.
  const live = async () => {
    if (host.dead) {
      host = await WorkerHost.start(folder, notify);
      for (const channel of listeners.keys()) await host.call({ op: 'listen', channel });
    }
    return host;
  };
  /**
   * Statements on the worker, each call one message. `opening` (a transaction's begin) is not sent
   * alone: it goes in the message of the first statement after it. `prepared`: as named prepared
   * statements, each message one call into PGlite (preparedStatements.ts).
   */
  const queryable = (current: () => Promise<WorkerHost>, opening?: WorkerStatement, prepared = false) => {
    let pending = opening;
    const send = async (statements: WorkerStatement[]) => {
      const steps = pending ? [pending, ...statements] : statements;
      pending = undefined;
      const worker = await current();
      if (prepared) return worker.call({ op: 'steps', steps, prepared });
      return worker.call(steps.length === 1 ? steps[0] : { op: 'steps', steps });
    };
    return {
      async query<T>(sql: string, params?: unknown[]) {
        return (await send([{ op: 'query', sql, params }])) as QueryResult<T>;
      },
      async exec(sql: string) {
        await send([{ op: 'exec', sql }]);
      },
      async sequence<T>(statements: ReadonlyArray<Statement>) {
        const steps = statements.map(({ sql, params }): WorkerStatement => ({ op: 'query', sql, params }));
        return (await send(steps)) as QueryResult<T>;
      },
      /** Whether anything has reached the database yet. */
      opened: () => !pending,
    } satisfies Queryable & { opened(): boolean };
  };

  /** Runs fn between begin and commit (rollback when it throws) while holding the connection. */
  const inTransaction = <T>(
    fn: (tx: Queryable) => Promise<T>,
    {
      begin = 'begin',
      around = '',
      timeoutMs,
      prepared = false,
    }: { begin?: string; around?: string; timeoutMs?: number; prepared?: boolean },
  ) =>
    lock(async () => {
      const worker = await live();
      // Every statement of the transaction goes to this worker; once it is gone, none runs. The
      // opening statements travel with the transaction's first one, the closing ones in one
      // message: trips to the worker are a request's fixed cost (see npm run bench:request).
      const tx = queryable(
        async () => {
          if (worker.dead) throw worker.deathError ?? timeoutError();
          return worker;
        },
        { op: 'exec', sql: around ? `${begin}; ${around}` : begin },
        prepared,
      );
      const work = async () => {
        try {
          const result = await fn(tx);
          await tx.exec(around ? `${around}; commit` : 'commit');
          return result;
        } catch (error) {
          // Nothing to undo when the transaction never reached the database.
          if (!worker.dead && tx.opened()) await tx.exec('rollback').catch(() => undefined);
          throw error;
        }
      };
      if (!timeoutMs) return work();
      let timer: NodeJS.Timeout | undefined;
      const overrun = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = timeoutError();
          void worker.end(error).finally(() => reject(error));
        }, timeoutMs);
      });
      const running = work();
      // The overdue request's own promise rejects too (its worker is gone); nobody awaits it.
      running.catch(() => undefined);
      try {
        return await Promise.race([running, overrun]);
      } finally {
        clearTimeout(timer);
      }
    });

  return {
    kind: 'pglite',
    query: (sql, params) => lock(async () => (await live()).call({ op: 'query', sql, params })) as never,
    exec: (sql) => lock(async () => void (await (await live()).call({ op: 'exec', sql }))),
    transaction: (fn) => inTransaction(fn, {}),
    requestTransaction: (fn, { readOnly = false, timeoutMs } = {}) =>
      // PostgREST runs GET/HEAD read-only (this must precede any query); the session is reset
      // before and after, as the one connection serves every request.
      inTransaction(fn, {
        begin: readOnly ? 'begin read only' : 'begin',
        around: host.resetSession,
        timeoutMs,
        // An API request's statements are prepared, as PostgREST's are.
        prepared: true,
      }),
    forgetStatements: () => lock(async () => void (await (await live()).call({ op: 'forgetStatements' }))),
    listen: (channel, callback) =>
      lock(async () => {
        const callbacks = listeners.get(channel) ?? new Set();
        listeners.set(channel, callbacks.add(callback));
        await (await live()).call({ op: 'listen', channel });
        return () =>
          lock(async () => {
            callbacks.delete(callback);
            if (callbacks.size || listeners.get(channel) !== callbacks) return;
            listeners.delete(channel);
            await (await live()).call({ op: 'unlisten', channel });
          });
      }),
    close: () =>
      lock(async () => {
        await host.close();
        if (temporary) rmSync(folder, { recursive: true, force: true });
      }),
  };
}

/** What Postgres answers when statement_timeout cancels a statement (PostgREST: HTTP 500). */
function timeoutError(): PgError {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
}

class WorkerHost {
  dead = false;
  /** Why the worker is gone when it was not ended on purpose. */
  deathError: Error | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  private constructor(
    private readonly worker: Worker,
    readonly resetSession: string,
    notify: (channel: string, payload: string) => void,
  ) {
    worker.on('message', (reply: WorkerReply) => {
      if ('notification' in reply) return notify(reply.notification.channel, reply.notification.payload);
      if (!('id' in reply)) return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(toPgError(reply.error));
      else waiting?.resolve(reply.result);
    });
    const died = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      this.deathError = error;
      this.rejectAll(error);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`The database worker stopped (exit code ${code})`)));
  }

  /**
   * A worker on that folder, once PGlite is open. The worker is TypeScript: tsx compiles it, in
   * the worker, the way the server's own modules are compiled.
   */
  static start(folder: string, notify: (channel: string, payload: string) => void): Promise<WorkerHost> {
    // Resolved here, not at import: browser-like test environments import this module too.
    const file = fileURLToPath(new URL('./pgliteWorker.ts', import.meta.url));
    const worker = new Worker(
      `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`,
      { eval: true, workerData: { dataDir: folder } },
    );
    return new Promise((resolve, reject) => {
      const failed = (error: unknown) => {
        stop();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      const exited = (code: number) => failed(new Error(`The database worker stopped (exit code ${code})`));
      const ready = (reply: WorkerReply) => {
        if (!('ready' in reply)) return failed(new Error('The database worker did not start'));
        // The host's listeners first: a worker whose 'message' listeners all go stops delivering.
        const host = new WorkerHost(worker, reply.resetSession, notify);
        stop();
        resolve(host);
      };
      // Only these listeners: the host adds its own once the worker is ready.
      const stop = () => {
        worker.off('error', failed);
        worker.off('exit', exited);
        worker.off('message', ready);
      };
      worker.on('error', failed);
      worker.on('exit', exited);
      worker.on('message', ready);
    });
  }

  call(request: WorkerCall): Promise<unknown> {
    if (this.dead) return Promise.reject(this.deathError ?? timeoutError());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  /** Ends the worker at once (whatever it is running); its waiting calls reject with `error`. */
  async end(error: Error) {
    if (this.dead) return;
    this.dead = true;
    this.rejectAll(error);
    await this.worker.terminate();
  }

  async close() {
    if (this.dead) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    this.dead = true;
    await this.worker.terminate();
  }

  private rejectAll(error: Error) {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

function toPgError(serialized: SerializedError): Error {
  const { message, ...fields } = serialized;
  return Object.assign(new Error(message), fields);
}

/** One holder at a time, in arrival order: PGlite has one connection. */
function createLock() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = last.then(fn, fn);
    last = run.catch(() => undefined);
    return run;
  };
}

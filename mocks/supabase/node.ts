import type { SignInLimits } from './auth/signInLimits';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createPushSandbox } from '../push/sandbox';
import { gatewayBody } from './gatewayCompression';
import { localDatabaseTarget, openPreparedLocalDatabase } from './localDatabase';
import { REALTIME_PATH, RealtimeServer } from './realtime/server';
import { bodyLimit, bodyTooLargeResponse, createStandIn, type StandIn } from './standIn';

export interface StartOptions {
  /** Folder for PGlite, or 'memory'; default LOCAL_DB_DIR or .data/db. */
  dataDir?: string;
  /** Use a Postgres server instead of PGlite; default DATABASE_URL. */
  databaseUrl?: string;
  /** What holds the database folder, shown to a second process that tries to open it. */
  command?: string;
  /** The origin the stand-in is served at: its Auth's site URL and links follow it (authConfigFor). */
  publicUrl?: string;
  log?: (line: string) => void;
}

/**
 * Opens (creating and claiming a folder when needed) and prepares the local database, then serves it.
 * Throws DataFolderInUse when another live process holds the folder. `standIn.db.close()` releases it.
 */
export async function startStandIn(options: StartOptions = {}): Promise<StandIn> {
  const log = options.log ?? ((line: string) => console.log(line));
  const target = localDatabaseTarget(options.dataDir, options.databaseUrl);
  const { db, applied, seeded } = await openPreparedLocalDatabase(target, {
    command: options.command ?? 'the local Supabase stand-in',
    // The server's thread keeps serving while a query runs; request budgets hold on PGlite.
    worker: true,
  });
  log(
    `[stand-in] database: ${target.label}` +
      `${applied.length ? `, applied ${applied.length} migration(s)` : ''}${seeded ? ', loaded demo data' : ''}`,
  );
  return createStandIn({
    db,
    push: createPushSandbox({ log }),
    signInLimits: signInLimitsFromEnv(),
    publicUrl: options.publicUrl,
  });
}

/**
 * GoTrue's sign-in and sign-up limit per address, raised by AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS (as
 * config.toml's `sign_in_sign_ups` raises it for `supabase start`): the browser tests sign in from
 * one address far more than 30 times in five minutes.
 */
function signInLimitsFromEnv(): Partial<SignInLimits> {
  const raised = Number(process.env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS);
  return Number.isInteger(raised) && raised > 0 ? { requestsPerAddress: raised } : {};
}

class BodyTooLarge extends Error {}

/**
 * The request's body as a stream that reads the socket only as the handler asks for it (so a
 * request answered without its body, such as one without an API key, costs nothing however much
 * it declares) and fails past `limit` bytes (a body longer than it declared, or sent in chunks).
 */
function bodyStream(req: IncomingMessage, limit: number, state: { tooLarge: boolean }) {
  const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) return controller.close();
        size += value.length;
        if (size > limit) {
          state.tooLarge = true;
          return controller.error(new BodyTooLarge());
        }
        controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.length));
      },
      // A handler that stops reading leaves the rest unread: the answer closes the connection.
    },
    { highWaterMark: 0 },
  );
}

export function toFetchRequest(req: IncomingMessage, body: ReadableStream<Uint8Array> | undefined): Request {
  const url = `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // undici's RequestInit lists `duplex` (a streamed body needs it); the DOM lib's does not.
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, body, duplex: 'half' };
  return new Request(url, init);
}

/**
 * Sends a stand-in's answer as the hosted project's API gateway passes it on: compressed for a
 * request that accepts it (gatewayBody), so a phone on a slow network gets the bytes it would get
 * from Supabase.
 */
export async function sendFetchResponse(
  res: ServerResponse,
  response: Response,
  acceptEncoding?: string,
): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  const raw = Buffer.from(await response.arrayBuffer());
  const { body, encoding, vary } = gatewayBody(acceptEncoding, response.headers, raw);
  if (vary) res.appendHeader('Vary', 'Accept-Encoding');
  if (encoding) {
    res.setHeader('Content-Encoding', encoding);
    res.removeHeader('Content-Length');
  }
  res.end(body);
}

/**
 * Connect-style middleware (Vite dev server, the start server): answers API paths, passes the rest
 * on. The body is handed over unread (see bodyStream): the stand-in checks the API key and the
 * declared length first, and Storage streams an upload to the database part by part. An answer
 * given before the whole body arrived closes the connection (as Storage's withConnectionClose),
 * so a client cannot keep the server reading what nobody will use.
 */
export function standInMiddleware(standIn: StandIn | Promise<StandIn>) {
  return async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = req.url ?? '/';
    if (!/^\/(rest|auth|functions|storage)\/v1(\/|\?|$)|^\/mail(\/|\?|$)/.test(path)) return next();
    const pathname = new URL(path, 'http://localhost').pathname;
    const state = { tooLarge: false };
    try {
      // HTTP/1.1 declares a body by its length or by chunks; GET and HEAD carry none here.
      const declared = Number(req.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in req.headers;
      const hasBody = declared && req.method !== 'GET' && req.method !== 'HEAD';
      const body = hasBody ? bodyStream(req, bodyLimit(pathname), state) : undefined;
      const response = await (
        await standIn
      ).handle(toFetchRequest(req, body), { clientAddress: req.socket.remoteAddress });
      if (!response) return next();
      if (!req.complete) res.setHeader('Connection', 'close');
      await sendFetchResponse(
        res,
        state.tooLarge ? bodyTooLargeResponse(pathname) : response,
        req.headers['accept-encoding'],
      );
    } catch (error) {
      if (!req.complete) res.setHeader('Connection', 'close');
      if (state.tooLarge)
        return await sendFetchResponse(res, bodyTooLargeResponse(pathname), req.headers['accept-encoding']);
      console.error('[stand-in] unexpected error', req.method, pathname, error);
      res.statusCode = 500;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.end(
        JSON.stringify({ code: 'XX000', message: 'Internal stand-in error', details: null, hint: null }),
      );
    }
  };
}

/**
 * Serves the stand-in's Realtime (`/realtime/v1/websocket`) on an HTTP server, beside other upgrade
 * listeners (Vite's HMR socket). Resolves to the Realtime server, to close before the database.
 */
export async function serveRealtime(
  server: EventEmitter,
  standIn: StandIn | Promise<StandIn>,
): Promise<RealtimeServer> {
  const realtime = Promise.resolve(standIn).then(({ db }) => RealtimeServer.start({ db }));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== REALTIME_PATH) return;
    void realtime.then(
      (r) => r.handleUpgrade(req, socket, head),
      () => socket.destroy(),
    );
  });
  return realtime;
}

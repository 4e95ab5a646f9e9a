import type { SignInLimits } from './auth/signInLimits';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createPushSandbox } from '../push/sandbox';
import { localDatabaseTarget, openPreparedLocalDatabase } from './localDatabase';
import { REALTIME_PATH, RealtimeServer } from './realtime/server';
import { createStandIn, type StandIn } from './standIn';
import { withCors } from './cors';
import { bodyTooLarge, STORAGE_MAX_BODY_BYTES } from './storage';

/** Largest request body the stand-in reads (PostgREST itself has no limit; the gateway in front has). */
export const MAX_BODY_BYTES = 1024 * 1024;

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

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function toFetchRequest(req: IncomingMessage, body: Buffer | undefined): Request {
  const url = `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Request(url, {
    method: req.method,
    headers,
    body: body && body.length ? new Uint8Array(body) : undefined,
  });
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Connect-style middleware (Vite dev server, the start server): answers API paths, passes the rest on. */
export function standInMiddleware(standIn: StandIn | Promise<StandIn>) {
  return async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = req.url ?? '/';
    if (!/^\/(rest|auth|functions|storage)\/v1(\/|\?|$)|^\/mail(\/|\?|$)/.test(path)) return next();
    const storage = path.startsWith('/storage/');
    try {
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      // Storage takes files up to its own limit; the other APIs take JSON.
      const body = hasBody
        ? await readBody(req, storage ? STORAGE_MAX_BODY_BYTES : MAX_BODY_BYTES)
        : undefined;
      const response = await (
        await standIn
      ).handle(toFetchRequest(req, body), { clientAddress: req.socket.remoteAddress });
      if (!response) return next();
      await sendFetchResponse(res, response);
    } catch (error) {
      const tooLarge = error instanceof BodyTooLarge;
      if (tooLarge && storage) return await sendFetchResponse(res, withCors(bodyTooLarge()));
      res.statusCode = tooLarge ? 413 : 500;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.end(
        JSON.stringify({
          code: tooLarge ? 'PGRST413' : 'XX000',
          message: tooLarge ? `Request body exceeds ${MAX_BODY_BYTES} bytes` : 'Internal stand-in error',
          details: null,
          hint: null,
        }),
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

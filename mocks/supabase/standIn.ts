import { createPushSandbox } from '../push/sandbox';
import type { PushSender } from '../../supabase/functions/send-notification/push';
import { handleAuth } from './auth';
import { authConfigFor, type AuthConfig } from './auth/authConfig';
import { EmailBudget } from './auth/emailLimits';
import { readAuthHooks, type AuthHooks } from './auth/hooks';
import { SignInCounter, setClientAddress, type SignInLimits } from './auth/signInLimits';
import type { StandInContext } from './context';
import { CORS_HEADERS, withCors } from './cors';
import type { Database } from './db';
import { handleFunctions } from './functions';
import { LOCAL_JWT_SECRET } from './keys';
import { handleRest } from './rest';
import { handleMail, isLoopbackAddress, MailSandbox, notThisMachine } from './mail/sandbox';
import { gatewayRefusal } from './gateway';
import { RestError, errorResponse as restErrorResponse } from './rest/errors';
import { bodyTooLarge, handleStorage, STORAGE_MAX_BODY_BYTES } from './storage';

export interface StandIn {
  /**
   * Answers a Supabase API request, or returns null for a path that is not the API's. A server
   * passes the client's socket address (for the per-address limits, and the mail sandbox answers
   * only loopback ones); a request without one comes from this process (tests, MSW).
   */
  handle(request: Request, info?: { clientAddress?: string }): Promise<Response | null>;
  readonly db: Database;
  /** The emails Auth sent (the sandbox behind /mail). */
  readonly mail: MailSandbox;
  /** Where the functions deliver pushes (the FCM sandbox unless told otherwise). */
  readonly push: PushSender;
  /** The secret its tokens are signed with (the service role key derives from it: jwt.ts). */
  readonly jwtSecret: string;
}

const ROUTES = [
  { prefix: '/rest/v1', handler: handleRest },
  { prefix: '/auth/v1', handler: handleAuth },
  { prefix: '/functions/v1', handler: handleFunctions },
  { prefix: '/storage/v1', handler: handleStorage },
] as const;

/** Largest request body the stand-in reads (PostgREST itself has no limit; the gateway in front has). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The largest body a route reads: Storage takes files up to its own limit; the other APIs take JSON. */
export const bodyLimit = (pathname: string) =>
  pathname.startsWith('/storage/v1') ? STORAGE_MAX_BODY_BYTES : MAX_BODY_BYTES;

/** What a route answers for a body over bodyLimit, in its service's shape. */
export function bodyTooLargeResponse(pathname: string): Response {
  const response = pathname.startsWith('/storage/v1')
    ? bodyTooLarge()
    : restErrorResponse(
        new RestError(413, {
          code: 'PGRST413',
          message: `Request body exceeds ${MAX_BODY_BYTES} bytes`,
          details: null,
          hint: null,
        }),
      );
  return noSniff(withCors(response));
}

/** Browsers take API answers for exactly the type they declare (withCors made the headers mutable). */
function noSniff(response: Response): Response {
  response.headers.set('X-Content-Type-Options', 'nosniff');
  return response;
}

export function createStandIn({
  db,
  jwtSecret = LOCAL_JWT_SECRET,
  push = createPushSandbox(),
  signInLimits,
  authHooks = readAuthHooks(),
  mail = new MailSandbox(),
  publicUrl,
  auth,
}: {
  db: Database;
  jwtSecret?: string;
  push?: PushSender;
  /** Limits per client address (tests that sign in often raise them); config.toml's otherwise. */
  signInLimits?: Partial<SignInLimits>;
  /** The auth hooks to call; supabase/config.toml's unless told (tests of a reject decision). */
  authHooks?: AuthHooks;
  mail?: MailSandbox;
  /**
   * The origin this stand-in is served at (npm start's http://HOST:PORT): its Auth's site URL and
   * links follow it (authConfigFor); config.toml's site_url when not told.
   */
  publicUrl?: string;
  /** Auth settings over config.toml's (a test of confirmations on, or of another email budget). */
  auth?: Partial<AuthConfig>;
}): StandIn {
  const authConfig = { ...authConfigFor(publicUrl), ...auth };
  const inProcessFetch: typeof fetch = async (input, init) => {
    const response = await standIn.handle(new Request(input, init));
    if (!response) throw new TypeError(`The stand-in does not serve ${new Request(input).url}`);
    return response;
  };
  const ctx: StandInContext = {
    db,
    jwtSecret,
    fetch: inProcessFetch,
    push,
    signIns: new SignInCounter(signInLimits),
    auth: authConfig,
    emailBudget: new EmailBudget(authConfig),
    authHooks,
    mail,
  };
  const standIn: StandIn = {
    db,
    mail,
    push,
    jwtSecret,
    async handle(request, info = {}) {
      if (info.clientAddress) setClientAddress(request, info.clientAddress);
      const { pathname } = new URL(request.url);
      if (pathname === '/mail' || pathname.startsWith('/mail/')) {
        // The sandbox holds every reset and invitation link: only this machine may read it, whatever
        // HOST the server listens on. The socket's address decides, never X-Forwarded-For.
        if (info.clientAddress && !isLoopbackAddress(info.clientAddress)) return notThisMachine();
        return handleMail(request, mail, pathname.slice('/mail'.length) || '/');
      }
      const route = ROUTES.find((r) => pathname === r.prefix || pathname.startsWith(`${r.prefix}/`));
      if (!route) return null;
      if (request.method === 'OPTIONS') return new Response(null, { status: 200, headers: CORS_HEADERS });
      // Asked before any body is read: who sends it, and whether its declared length can be taken.
      const refusal = gatewayRefusal(request);
      if (refusal) return noSniff(withCors(refusal));
      if (Number(request.headers.get('content-length') ?? 0) > bodyLimit(pathname))
        return bodyTooLargeResponse(pathname);
      const subPath = pathname.slice(route.prefix.length) || '/';
      try {
        return noSniff(withCors(await route.handler(request, ctx, subPath)));
      } catch (error) {
        console.error('[stand-in] unexpected error', request.method, pathname, error);
        return noSniff(
          withCors(
            Response.json(
              { code: 'XX000', message: 'Internal stand-in error', details: null, hint: null },
              { status: 500 },
            ),
          ),
        );
      }
    },
  };
  return standIn;
}

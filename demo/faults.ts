/**
 * Faults a tester turns on per service in the demo's panel (docs/demo.md): added latency, a share of
 * requests answered with an error status, offline (a network error), an expired session (Auth) and a
 * dropped Realtime socket. Applied once, in the demo stand-in's request path (demo/standIn.ts); kept in
 * sessionStorage so a reload keeps them.
 */
import { authErrorResponse, forbidden, AuthHttpError } from '../mocks/supabase/auth/errors';

export const FAULT_SERVICES = ['rest', 'auth', 'storage', 'functions', 'realtime'] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];
export const ERROR_STATUSES = [500, 503, 429] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export interface ServiceFaults {
  /** Added before the answer, in milliseconds. */
  latencyMs: number;
  /** The share of requests answered with `errorStatus`, 0 to 100. */
  errorRate: number;
  errorStatus: ErrorStatus;
  /** Every request fails as a network error does. */
  offline: boolean;
  /** Auth only: a request carrying a user's access token is refused as GoTrue refuses an expired one. */
  expiredSession: boolean;
  /** Realtime only: sockets are closed, and new ones closed as they open. */
  dropped: boolean;
}
export type Faults = Record<FaultService, ServiceFaults>;

const NONE: ServiceFaults = {
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 503,
  offline: false,
  expiredSession: false,
  dropped: false,
};
export const noFaults = (): Faults =>
  Object.fromEntries(FAULT_SERVICES.map((service) => [service, { ...NONE }])) as Faults;

export const FAULTS_KEY = 'labellens.demo.faults';

/** The faults kept in `storage` (sessionStorage in the page), missing or malformed parts off. */
export function loadFaults(storage: Pick<Storage, 'getItem'>): Faults {
  const faults = noFaults();
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(FAULTS_KEY) ?? '{}');
  } catch {
    return faults;
  }
  if (typeof saved !== 'object' || saved === null) return faults;
  for (const service of FAULT_SERVICES) {
    const part = (saved as Record<string, Partial<ServiceFaults> | undefined>)[service];
    if (typeof part !== 'object' || part === null) continue;
    const f = faults[service];
    if (typeof part.latencyMs === 'number' && part.latencyMs >= 0)
      f.latencyMs = Math.min(part.latencyMs, 60_000);
    if (typeof part.errorRate === 'number') f.errorRate = Math.max(0, Math.min(100, part.errorRate));
    if (ERROR_STATUSES.includes(part.errorStatus as ErrorStatus)) f.errorStatus = part.errorStatus!;
    f.offline = part.offline === true;
    f.expiredSession = part.expiredSession === true;
    f.dropped = part.dropped === true;
  }
  return faults;
}

export function saveFaults(storage: Pick<Storage, 'setItem'>, faults: Faults) {
  storage.setItem(FAULTS_KEY, JSON.stringify(faults));
}

/** The service a request is for, from its path (`/rest/v1/...`). */
export function serviceOf(url: string): FaultService | undefined {
  const part = /^\/(rest|auth|storage|functions|realtime)\/v1\//.exec(new URL(url).pathname)?.[1];
  return part as FaultService | undefined;
}

/**
 * GoTrue's answer to an expired access token (supabase/auth internal/api/auth.go requireAuthentication
 * → parseJWTClaims: 403 bad_jwt, the jwt library's reason appended), in the format the client asked for.
 */
const expiredJwt = () =>
  forbidden(
    'bad_jwt',
    'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
  );

const STATUS_TEXT: Record<ErrorStatus, string> = {
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  429: 'Too Many Requests',
};

/** The injected error in the shape each service's client reads. */
function errorAnswer(service: FaultService, request: Request, status: ErrorStatus): Response {
  const message = `${STATUS_TEXT[status]} (injected by the demo's tester's panel)`;
  if (service === 'auth') {
    const code = status === 429 ? 'over_request_rate_limit' : 'unexpected_failure';
    return authErrorResponse(request, new AuthHttpError(status, code, message));
  }
  if (service === 'rest')
    return Response.json({ code: String(status), details: null, hint: null, message }, { status });
  if (service === 'storage')
    return Response.json({ statusCode: String(status), error: STATUS_TEXT[status], message }, { status });
  return Response.json({ message }, { status });
}

/** A user's access token rides in Authorization; the anon key alone (apikey = bearer) is no session. */
function hasUserToken(request: Request): boolean {
  const bearer = /^Bearer (.+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  return bearer !== undefined && bearer !== request.headers.get('apikey');
}

export interface FaultTools {
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Answers `request` through `answer`, with the faults turned on for its service. Returns
 * `Response.error()` (a network error) when the service is offline.
 */
export async function withFaults(
  request: Request,
  faults: Faults,
  answer: () => Promise<Response | null | undefined>,
  { random = Math.random, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: FaultTools = {},
): Promise<Response | null | undefined> {
  const service = serviceOf(request.url);
  if (!service) return answer();
  const f = faults[service];
  if (f.latencyMs > 0) await sleep(f.latencyMs);
  if (f.offline) return Response.error();
  // A token refresh carries no access token: it still works, as it does against GoTrue.
  if (service === 'auth' && f.expiredSession && hasUserToken(request))
    return authErrorResponse(request, expiredJwt());
  if (f.errorRate > 0 && random() * 100 < f.errorRate) return errorAnswer(service, request, f.errorStatus);
  return answer();
}

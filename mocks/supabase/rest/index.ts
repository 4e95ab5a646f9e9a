import type { RouteHandler } from '../context';
import type { Queryable, RequestIdentity } from '../db';
import { withIdentity } from '../db/identity';
import {
  errorResponse,
  invalidBody,
  invalidResourcePath,
  invalidRpcMethod,
  openApiDisabled,
  tableNotFound,
  toRestError,
  unsupported,
  unsupportedMethod,
} from './errors';
import { resolveCastTypes } from './casts';
import { clientAddressOf } from '../auth/signInLimits';
import { durationMs } from './dbConfig';
import { resolveIdentity } from './identity';
import { runDelete, runInsert, runUpdate } from './mutate';
import { negotiate, parsePreferences, type Accept, type Preferences } from './preferences';
import { applyRangeHeader, parseQueryParams } from './queryParams';
import { runRead } from './read';
import {
  checkSingular,
  buildResponse,
  contentRange,
  rangeStatus,
  type Outcome,
  type Reply,
} from './response';
import { chooseRoutine, runRpc, type Call } from './rpc';
import { closestName, getSchemaCache, type SchemaCache } from './schemaCache';
import { ident, qualified } from './sql';
import type { QueryParams } from './types';

export { reloadSchemaCache } from './schemaCache';

type Route = { kind: 'table' | 'rpc'; name: string };

/**
 * Percent-decodes a path segment as PostgREST's server (wai) does: leniently, so bytes that are not
 * UTF-8 (`%FF`) become U+FFFD and the name is simply not found, instead of failing the request.
 */
function decodePathSegment(segment: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < segment.length; i += 1) {
    const hex = segment[i] === '%' ? segment.slice(i + 1, i + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      const codePoint = segment.codePointAt(i)!;
      const char = String.fromCodePoint(codePoint);
      bytes.push(...encoder.encode(char));
      i += char.length - 1;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function parseRoute(subPath: string): Route {
  const segments = subPath.split('/').filter(Boolean).map(decodePathSegment);
  if (segments.length === 0) throw openApiDisabled();
  if (segments.length === 1) return { kind: 'table', name: segments[0] };
  if (segments.length === 2 && segments[0] === 'rpc') return { kind: 'rpc', name: segments[1] };
  throw invalidResourcePath();
}

async function readBody(request: Request, { emptyAs }: { emptyAs?: unknown }): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') {
    if (emptyAs !== undefined) return emptyAs;
    throw invalidBody();
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidBody();
  }
}

interface Handling {
  request: Request;
  route: Route;
  /** The function a call to /rpc runs (chosen in the plan). */
  call?: Call;
  tx: Queryable;
  cache: SchemaCache;
  query: QueryParams;
  prefs: Preferences;
  accept: Accept;
  body: unknown;
}

/** Carries a finished answer out of a transaction that Prefer: tx=rollback asks to undo. */
class RollbackWith {
  constructor(readonly response: Response) {}
}

/**
 * PostgREST's `server-timing-enabled` (env PGRST_SERVER_TIMING_ENABLED): each answer carries a
 * Server-Timing header with the time of its phases, jwt, parse, plan, transaction and response, in
 * milliseconds, as PostgREST 12 names them. Off by default, as on a hosted project.
 */
// A browser (the demo build) has no process: the setting is off there.
const serverTimingEnabled = () =>
  typeof process !== 'undefined' && process.env.PGRST_SERVER_TIMING_ENABLED === 'true';

/** Times a request's phases, each from the end of the one before. */
function phaseClock() {
  const phases: Array<[string, number]> = [];
  let last = performance.now();
  return {
    lap(name: string) {
      const now = performance.now();
      phases.push([name, now - last]);
      last = now;
    },
    header: () => phases.map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', '),
  };
}

/** The PostgREST API: /rest/v1/<table> and /rest/v1/rpc/<function>. */
export const handleRest: RouteHandler = async (request, ctx, subPath) => {
  let identity: RequestIdentity | undefined;
  const clock = phaseClock();
  try {
    identity = await resolveIdentity(request, ctx.db, ctx.jwtSecret);
    clock.lap('jwt');
    const route = parseRoute(subPath);
    const method = request.method.toUpperCase();
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) throw unsupportedMethod(method);
    if (route.kind === 'rpc' && !['GET', 'HEAD', 'POST'].includes(method)) throw invalidRpcMethod(method);
    const accept = negotiate(request.headers.get('accept'));
    const prefs = parsePreferences(request.headers.get('prefer'));
    const query = parseQueryParams(new URL(request.url).searchParams, { forRpc: route.kind === 'rpc' });
    const body =
      method === 'POST' || method === 'PATCH'
        ? await readBody(request, { emptyAs: route.kind === 'rpc' ? {} : undefined })
        : undefined;
    clock.lap('parse');
    const cache = await getSchemaCache(ctx.db);
    // The function is chosen in the plan, before the transaction, as PostgREST does.
    const call =
      route.kind === 'rpc'
        ? chooseRoutine(
            cache,
            route.name,
            method === 'POST' ? body : Object.fromEntries(query.rpcArgs),
            prefs,
            method === 'POST',
          )
        : undefined;
    clock.lap('plan');
    // PostgREST's access mode: GET and HEAD read only, and a call of a stable or immutable function
    // by any method.
    const readOnly =
      method === 'GET' || method === 'HEAD' || (call !== undefined && call.routine.volatility !== 'volatile');
    const response = await withIdentity(
      ctx.db,
      identity,
      async (tx) => {
        await resolveCastTypes(tx, query);
        const answer = await dispatch({ request, route, call, tx, cache, query, prefs, accept, body });
        if (prefs.tx === 'rollback') throw new RollbackWith(answer);
        return answer;
      },
      {
        method,
        // As PostgREST behind the gateway sees it: the path below /rest/v1 ('/scans').
        path: subPath,
        headers: gatewayHeaders(request),
        readOnly,
        roleSettings: cache.config.roleSettings.get(identity.role),
        preRequest: cache.config.preRequest,
        timeoutMs: durationMs(
          cache.config.roleSettings.get(identity.role)?.find(([key]) => key === 'statement_timeout')?.[1],
        ),
      },
    ).catch((error: unknown) => {
      if (error instanceof RollbackWith) return error.response;
      throw error;
    });
    clock.lap('transaction');
    const answer =
      method === 'HEAD'
        ? new Response(null, { status: response.status, headers: response.headers })
        : response;
    clock.lap('response');
    if (serverTimingEnabled()) answer.headers.set('Server-Timing', clock.header());
    return answer;
  } catch (error) {
    return errorResponse(toRestError(error, identity !== undefined && identity.role !== 'anon'));
  }
};

/**
 * The request's headers as PostgREST behind Supabase's gateway sees them: the client's address in
 * x-real-ip, set by the gateway and never taken from the client (the contact form's per-address
 * limit reads it, supabase/schemas/00_setup.sql), and no cf-connecting-ip, which only Cloudflare sets.
 */
function gatewayHeaders(request: Request): Record<string, string> {
  const headers = Object.fromEntries(request.headers);
  delete headers['cf-connecting-ip'];
  headers['x-real-ip'] = clientAddressOf(request);
  return headers;
}

function dispatch(h: Handling): Promise<Response> {
  if (h.call) return handleRpc(h, h.call);
  const table = h.cache.tables.get(h.route.name);
  if (!table) throw tableNotFound(h.route.name, closestName(h.route.name, h.cache.tables.keys()));
  switch (h.request.method.toUpperCase()) {
    case 'POST':
      return handleWrite(h, 'insert');
    case 'PATCH':
      return handleWrite(h, 'update');
    case 'DELETE':
      return handleWrite(h, 'delete');
    default:
      return handleRead(h);
  }
}

const countApplied = (prefs: Preferences): Array<keyof Preferences> => (prefs.count ? ['count'] : []);

function readReply(h: Handling, offset: number, outcome: Outcome): Reply {
  const status = rangeStatus(offset, outcome.pageCount, outcome.total);
  checkSingular(h.accept, outcome);
  return { status, body: outcome.body, contentRange: contentRange(offset, outcome.pageCount, outcome.total) };
}

async function handleRead(h: Handling): Promise<Response> {
  const range = applyRangeHeader(h.query.ranges.get(''), h.request.headers.get('range')) ?? { offset: 0 };
  const table = h.cache.tables.get(h.route.name)!;
  const outcome = await runRead(
    h.tx,
    h.cache,
    h.query,
    {
      build: () => ({ from: `${qualified(table.name)} as ${ident(table.name)}` }),
      level: { alias: table.name, table, path: '' },
    },
    { accept: h.accept, prefs: h.prefs, range },
  );
  return buildResponse(readReply(h, range.offset, outcome), h.accept, h.prefs, countApplied(h.prefs));
}

async function handleRpc(h: Handling, call: Call): Promise<Response> {
  const range = applyRangeHeader(h.query.ranges.get(''), h.request.headers.get('range')) ?? { offset: 0 };
  const outcome = await runRpc(h.tx, h.cache, h.query, call, { accept: h.accept, prefs: h.prefs, range });
  const applied: Array<keyof Preferences> = [
    ...countApplied(h.prefs),
    ...(h.prefs.params ? ['params' as const] : []),
  ];
  if (outcome.kind === 'void') return buildResponse({ status: 204, body: null }, h.accept, h.prefs, applied);
  if (outcome.kind === 'scalar') {
    return buildResponse(
      { status: 200, body: outcome.body, contentRange: contentRange(0, outcome.pageCount, null) },
      { ...h.accept, type: h.accept.type === 'csv' ? 'csv' : 'json' },
      h.prefs,
      applied,
    );
  }
  const singleRow = !call.routine.returnsSet;
  const reply = singleRow
    ? { status: 200, body: outcome.body, contentRange: contentRange(0, outcome.pageCount, outcome.total) }
    : readReply(h, range.offset, outcome);
  return buildResponse(reply, h.accept, h.prefs, applied);
}

async function handleWrite(h: Handling, kind: 'insert' | 'update' | 'delete'): Promise<Response> {
  const table = h.cache.tables.get(h.route.name)!;
  const representation = h.prefs.return === 'representation';
  const headersOnly = kind === 'insert' && h.prefs.return === 'headers-only';
  if (h.query.ranges.size > 0 && kind !== 'insert' && h.query.ranges.has('')) {
    throw unsupported('limit/offset on PATCH and DELETE');
  }
  const options = { accept: h.accept, prefs: h.prefs, returning: representation || headersOnly };
  const outcome: Outcome & { inserted?: number } =
    kind === 'insert'
      ? await runInsert(h.tx, h.cache, h.query, table, h.body, options)
      : kind === 'update'
        ? await runUpdate(h.tx, h.cache, h.query, table, h.body, options)
        : await runDelete(h.tx, h.cache, h.query, table, options);
  if (representation) checkSingular(h.accept, outcome);
  const total = h.prefs.count === 'exact' ? outcome.pageCount : null;
  // PostgREST's Content-Range for a write: `*/total` for inserts and deletes, the affected rows'
  // range for updates (Response.hs), whatever return= asks for.
  const range = kind === 'update' ? contentRange(0, outcome.pageCount, total) : contentRange(1, 0, total);
  const applied: Array<keyof Preferences> = [
    'return',
    ...countApplied(h.prefs),
    ...(kind === 'insert' && h.prefs.resolution ? ['resolution' as const] : []),
    ...(h.prefs.missing ? ['missing' as const] : []),
    ...(h.prefs.tx ? ['tx' as const] : []),
  ];
  // An upsert that only updated answers 200 (PostgREST counts the rows it inserted).
  const onlyUpdated = outcome.inserted !== undefined && outcome.inserted <= 0;
  const status = kind === 'insert' ? (onlyUpdated ? 200 : 201) : representation ? 200 : 204;
  const extraHeaders: Record<string, string> = {};
  if (headersOnly) extraHeaders.Location = locationOf(table.name, table.primaryKey, outcome.body);
  return buildResponse(
    { status, body: representation ? outcome.body : null, contentRange: range, extraHeaders },
    h.accept,
    h.prefs,
    applied,
  );
}

/** `Location: /table?id=eq.5` for the first inserted row (return=headers-only). */
function locationOf(table: string, primaryKey: string[], body: string): string {
  const rows = JSON.parse(body || '[]') as Array<Record<string, unknown>>;
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row || primaryKey.length === 0) return `/${table}`;
  const filters = primaryKey.map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(row[k]))}`);
  return `/${table}?${filters.join('&')}`;
}

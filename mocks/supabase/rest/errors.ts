import { isPgError } from '../db/types';

export interface ErrorBody {
  code: string;
  message: string;
  details: string | null | unknown[];
  hint: string | null;
}

/** An error answered the way PostgREST answers it: status, `{code, message, details, hint}`, headers. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

const restError = (
  status: number,
  code: string,
  message: string,
  details: ErrorBody['details'] = null,
  hint: string | null = null,
) => new RestError(status, { code, message, details, hint });

/** PGRST100: a query parameter PostgREST cannot parse (or the stand-in does not support). */
export const queryParamError = (message: string, details: string) =>
  restError(400, 'PGRST100', message, details);

/** Syntax the real PostgREST accepts but this stand-in deliberately does not implement. */
export const unsupported = (what: string) =>
  restError(
    400,
    'PGRST100',
    `Unsupported by the local stand-in: ${what}`,
    `${what} is not implemented by mocks/supabase/rest`,
  );

/** A select past the stand-in's bounds (readQuery.ts): refused before any SQL runs. */
export const tooManySelectItems = (found: string, allowed: string) =>
  restError(
    400,
    'PGRST100',
    `"select" names ${found}; the local stand-in allows ${allowed}`,
    'select',
    'Select fewer columns, aliases or embedded resources per request',
  );

/**
 * A response larger than the stand-in sends (response.ts): SQLSTATE 54000 (program limit
 * exceeded, the class Postgres uses for "too complex"), answered 413 like that class.
 */
export const responseTooLarge = (bytes: number, limit: number) =>
  restError(
    413,
    '54000',
    `The response would be ${bytes} bytes; the local stand-in sends at most ${limit}`,
    null,
    'Request fewer rows (limit, a smaller range) or fewer columns',
  );

export const invalidBody = (message = 'Empty or invalid json') => restError(400, 'PGRST102', message);

export const invalidRange = (details: string) =>
  restError(416, 'PGRST103', 'Requested range not satisfiable', details);

export const invalidRpcMethod = (method: string) =>
  restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);

export const unacceptableMediaType = (types: string[]) =>
  restError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);

/** PGRST118: `order=rel(column)` on an embed that is not to-one. */
export const relatedOrderNotToOne = (origin: string, target: string) =>
  restError(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );

/** PGRST120: a filter other than is.null / not.is.null on an embed. */
export const unacceptableEmbedFilter = (target: string) =>
  restError(
    400,
    'PGRST120',
    `Bad operator on the '${target}' embedded resource`,
    'Only is null or not is null filters are allowed on embedded resources',
  );

export const notEmbedded = (resource: string) =>
  restError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );

export const singularityError = (rows: number) =>
  restError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );

export const unsupportedMethod = (method: string) =>
  restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

export const invalidPreferences = (prefs: string[]) =>
  restError(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${prefs.join(', ')}`,
  );

export const invalidResourcePath = () => restError(404, 'PGRST125', 'Invalid path specified in request URL');

export const openApiDisabled = () => restError(404, 'PGRST126', 'Root endpoint metadata is disabled');

export const noRelationship = (parent: string, child: string, hint: string | null) =>
  restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${child}' in the schema 'public', but no matches were found.`,
    hint,
  );

export const ambiguousRelationship = (parent: string, child: string, details: unknown[], hint: string) =>
  restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
    details,
    hint,
  );

export const columnNotFound = (table: string, column: string) =>
  restError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const tableNotFound = (table: string, suggestion: string | null) =>
  restError(
    404,
    'PGRST205',
    `Could not find the table 'public.${table}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table 'public.${suggestion}'` : null,
  );

/**
 * PGRST202. `viaPost`: a POST with a JSON body, which PostgREST also tries on a function with one
 * unnamed json/jsonb parameter (and says so in the details); a GET passes query parameters only.
 */
export function functionNotFound(name: string, argNames: string[], hint: string | null, viaPost: boolean) {
  const sorted = [...argNames].sort();
  const withParams = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
  const searched =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  return restError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${withParams} in the schema cache`,
    `Searched for the function public.${name}${searched}${viaPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  );
}

export const ambiguousFunction = (signatures: string[]) =>
  restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${signatures.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );

/** 401 from Supabase's API gateway when neither an apikey nor an Authorization header is sent. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly payload: Record<string, string>,
  ) {
    super(payload.message);
  }
}

export const noApiKey = () =>
  new GatewayError(401, {
    message: 'No API key found in request',
    hint: 'No `apikey` request header or url param was found.',
  });

export const jwtError = (code: 'PGRST301' | 'PGRST303', message: string) =>
  new RestError(
    401,
    { code, message, details: null, hint: null },
    {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    },
  );

/** PostgREST's SQLSTATE → HTTP status mapping (PostgREST.Error.mapSQLtoHTTP). */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  if (code === '42501') return authed ? 403 : 401;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code in exact) return exact[code];
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    // "Too complex" (more than 1664 select items, nesting past Postgres' stack): the client's to
    // simplify. PostgREST answered 413 for this class; 12.x answers 500, which a client cannot
    // tell from a server fault, so the stand-in keeps the 4xx.
    '54': 413,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/** Turns anything thrown while answering into PostgREST's error answer, or rethrows a bug. */
export function toRestError(error: unknown, authed: boolean): RestError | GatewayError {
  if (error instanceof RestError || error instanceof GatewayError) return error;
  if (isPgError(error)) {
    const status = statusForSqlState(error.code, error.message, authed);
    return new RestError(
      status,
      { code: error.code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
      status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
    );
  }
  throw error;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function errorResponse(error: RestError | GatewayError): Response {
  const body = error instanceof RestError ? error.body : error.payload;
  const headers = error instanceof RestError ? error.headers : {};
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers },
  });
}

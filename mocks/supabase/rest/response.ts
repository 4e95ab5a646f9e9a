import { invalidRange, responseTooLarge, singularityError } from './errors';
import { CONTENT_TYPES, preferenceApplied, type Accept, type Preferences } from './preferences';

/** What one request statement produced: the rows' JSON (already shaped by Postgres) and counts. */
export interface Outcome {
  body: string;
  pageCount: number;
  total: number | null;
}

/** Aggregates the rows of `_postgrest_t` into the response body, in SQL, as PostgREST does. */
export function bodySql(accept: Accept, row = '_postgrest_t'): string {
  const value = accept.stripNulls ? `json_strip_nulls(to_json(${row}))` : row;
  return accept.type === 'object'
    ? `coalesce((json_agg(${value})->0)::text, 'null')`
    : `coalesce(json_agg(${value}), '[]')::text`;
}

/**
 * The most a response body may hold. Far above the admin's largest page (1000 rows of scans with
 * their analysis is about 3 MB), far below the review's 90 MB of one value selected 100 times.
 */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * `with <ctes>, pgrst_b as (<select>) …`: the select's `pgrst_body` column is the response (it also
 * returns `columns`). The body comes back as `body` only when it is within MAX_RESPONSE_BYTES, so
 * an oversized one never leaves the database; checkBodySize then refuses the request. The CTEs
 * stay at the top level, where Postgres allows a data-modifying one.
 */
export const cappedBodySql = (ctes: string, select: string, columns: string[]) =>
  `with ${ctes}, pgrst_b as (${select})
   select ${columns.map((c) => `pgrst_b.${c}`).join(', ')}, octet_length(pgrst_b.pgrst_body) as body_bytes,
     case when octet_length(pgrst_b.pgrst_body) <= ${MAX_RESPONSE_BYTES} then pgrst_b.pgrst_body end as body
   from pgrst_b`;

export function checkBodySize(row: { body_bytes: number | null }) {
  const bytes = Number(row.body_bytes ?? 0);
  if (bytes > MAX_RESPONSE_BYTES) throw responseTooLarge(bytes, MAX_RESPONSE_BYTES);
}

/** PostgREST's contentRangeH: `0-24/150`, `*\/150` when nothing was returned, `/*` without a count. */
export function contentRange(lower: number, pageCount: number, total: number | null): string {
  const upper = lower + pageCount - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** 200, 206 when a counted range is a strict part of the total, 416 past the end (rangeStatus). */
export function rangeStatus(lower: number, pageCount: number, total: number | null): 200 | 206 {
  if (total === null) return 200;
  if (lower > total) {
    const error = invalidRange(`An offset of ${lower} was requested, but there are only ${total} rows.`);
    error.headers['Content-Range'] = `*/${total}`;
    throw error;
  }
  return pageCount < total ? 206 : 200;
}

/** 406 PGRST116 unless exactly one row when a single object was asked for (rolls back writes). */
export function checkSingular(accept: Accept, outcome: Outcome) {
  if (accept.type === 'object' && outcome.pageCount !== 1) throw singularityError(outcome.pageCount);
}

export interface Reply {
  status: number;
  body: string | null;
  contentRange?: string;
  extraHeaders?: Record<string, string>;
}

export function buildResponse(
  reply: Reply,
  accept: Accept,
  prefs: Preferences,
  applied: Array<keyof Preferences>,
): Response {
  const headers = new Headers(reply.extraHeaders);
  if (reply.body !== null) headers.set('Content-Type', CONTENT_TYPES[accept.type]);
  if (reply.contentRange) headers.set('Content-Range', reply.contentRange);
  const preference = preferenceApplied(prefs, applied);
  if (preference) headers.set('Preference-Applied', preference);
  const body = reply.body !== null && accept.type === 'csv' ? toCsv(reply.body) : reply.body;
  return new Response(body, { status: reply.status, headers });
}

/** text/csv: a header line of column names, then one line per row (PostgREST's CSV output). */
function toCsv(json: string): string {
  const rows = JSON.parse(json) as Array<Record<string, unknown>>;
  if (!Array.isArray(rows) || rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  const cell = (value: unknown) => {
    if (value === null || value === undefined) return '';
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n');
}

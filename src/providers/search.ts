import {
  withLifecycleCallbacks,
  type DataProvider,
  type GetListParams,
  type ResourceCallbacks,
} from 'react-admin';
import { SCORE_BANDS, type ScoreBand } from '../domain/scoreBands';
import type { SearchMeta } from './paging';
import type { ResourceData } from './resourceData';

/**
 * The one place where a list's search box (`q`) and its non-column filters become PostgREST
 * conditions. Every condition of a request goes into a single `and=(...)` parameter:
 *
 *   q = "masala oats"  on scans (name, category)
 *   and=(or(name.ilike."*masala*",category.ilike."*masala*"),or(name.ilike."*oats*",category.ilike."*oats*"))
 *
 * so a row is kept when every word appears in at least one searched column (AND across words, OR
 * across columns), case-insensitively, as a substring, in SQL (trigram indexes serve `ilike`).
 *
 * Values are always double-quoted with `\` escaping, as PostgREST's logic-tree grammar reads them,
 * so `, ( ) . : "` never break the request. LIKE's own wildcards `%` and `_` (and its escape `\`)
 * are escaped so they match literally. PostgREST turns every `*` of a like pattern into `%` and
 * offers no escape for it, so a word containing `*` is matched with `imatch` (`~*`) and a regex
 * whose metacharacters are escaped instead: still literal, still case-insensitive, still indexed.
 *
 * A resource that declares `searchOwnerEmail` also matches each word in its owner's email. The
 * email comes from a joined table, and an OR across two tables reads every row, so the word is
 * first turned into the ids of the users whose email contains it (the admin_owner_ids RPC, served
 * by a trigram index) and the word's `or(...)` gains `user_id.in.(ids)`, which the owner index
 * serves. A word that more than the RPC's cap of users match (it answers null) is matched on
 * `owner_email` instead: the same rows, read more slowly.
 */

/** Per resource: the columns `q` searches and the filters that are conditions rather than `column=eq.value`. */
export type ListQueryConfig = Required<Pick<ResourceData, 'searchColumns'>> &
  Pick<ResourceData, 'derivedFilters' | 'searchOwnerEmail'>;

/**
 * Per word of a search, the ids of the users whose email contains it, or null when too many do to
 * list them (the word is then matched on `owner_email`).
 */
export type OwnerMatches = ReadonlyArray<readonly string[] | null>;

/** Finds the owners a search's words name (the admin_owner_ids RPC in the app). */
export type OwnerLookup = (words: readonly string[]) => Promise<OwnerMatches>;

/** A double-quoted PostgREST value: `"` and `\` escaped with `\`. */
export const quoteValue = (value: string) => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/** A LIKE pattern that matches `text` literally: `\`, `%` and `_` escaped with LIKE's default escape `\`. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A POSIX regex that matches `text` literally. */
export const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** `column` contains `word` (case-insensitive substring), as one PostgREST filter. */
export function containsCondition(column: string, word: string): string {
  if (word.includes('*')) return `${column}.imatch.${quoteValue(escapeRegex(word))}`;
  return `${column}.ilike.${quoteValue(`*${escapeLike(word)}*`)}`;
}

/** `column` equals `text` ignoring case (no wildcards), as one PostgREST filter. */
export function equalsIgnoringCaseCondition(column: string, text: string): string {
  if (text.includes('*')) return `${column}.imatch.${quoteValue(`^${escapeRegex(text)}$`)}`;
  return `${column}.ilike.${quoteValue(escapeLike(text))}`;
}

/** The search's words: split on whitespace, blanks dropped. */
export const searchWords = (q: unknown) => (typeof q === 'string' ? q.split(/\s+/).filter(Boolean) : []);

/** The owner half of a word's `or(...)`: its owners' ids, or the email column when they are too many. */
function ownerConditions(word: string, owners: readonly string[] | null): string[] {
  if (owners === null) return [containsCondition('owner_email', word)];
  return owners.length ? [`user_id.in.(${owners.map(quoteValue).join(',')})`] : [];
}

/**
 * One `or(...)` per word over the columns; `[]` for a blank search. With `owners` (one entry per
 * word, as searchWords splits `q`), each word also matches its owners.
 */
export function searchConditions(q: unknown, columns: readonly string[], owners?: OwnerMatches): string[] {
  return searchWords(q).map((word, i) => {
    const matches = columns.map((column) => containsCondition(column, word));
    if (owners) matches.push(...ownerConditions(word, owners[i] ?? null));
    return `or(${matches.join(',')})`;
  });
}

/** The health-score range of a band ('na' = no score), from the bands the whole product uses. */
export function scoreBandConditions(value: unknown): string[] {
  if (value === 'na') return ['health_score.is.null'];
  const band = SCORE_BANDS.find((b) => b.band === (value as ScoreBand));
  return band ? [`health_score.gte.${band.min}`, `health_score.lte.${band.max}`] : [];
}

/** A user filter: true = has an owner, false = anonymous. */
export const hasUserConditions = (value: unknown): string[] =>
  value === true || value === 'true'
    ? ['user_id.not.is.null']
    : value === false || value === 'false'
      ? ['user_id.is.null']
      : [];

/** Relationship as an operator types it; "Self" also finds the blank relationships that mean Self. */
export function relationshipConditions(value: unknown): string[] {
  if (typeof value !== 'string' || !value.trim()) return [];
  const text = value.trim();
  const equals = equalsIgnoringCaseCondition('relationship', text);
  return text.toLowerCase() === 'self' ? [`or(relationship.is.null,relationship.eq."",${equals})`] : [equals];
}

/** A text column equal to the typed value, ignoring case (e.g. the category filter). */
export const textEqualsConditions = (column: string) => (value: unknown) =>
  typeof value === 'string' && value.trim() ? [equalsIgnoringCaseCondition(column, value.trim())] : [];

/**
 * A column of lower-case values (e.g. emails, which GoTrue keeps lower-case) equal to the typed
 * value: an exact match a btree index serves, whatever case was typed.
 */
export const lowerCaseEqualsConditions = (column: string) => (value: unknown) =>
  typeof value === 'string' && value.trim() ? [`${column}.eq.${quoteValue(value.trim().toLowerCase())}`] : [];

/**
 * A date filter (YYYY-MM-DD, a whole UTC day): `from` keeps rows at or after the day's start, `to`
 * rows before the next day's start, so both ends include their day.
 */
export const dayBoundConditions = (column: string, bound: 'from' | 'to') => (value: unknown) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return [];
  const start = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(start.getTime())) return [];
  if (bound === 'from') return [`${column}.gte.${quoteValue(start.toISOString())}`];
  const next = new Date(start.getTime() + 24 * 60 * 60 * 1000);
  return [`${column}.lt.${quoteValue(next.toISOString())}`];
};

/** Each resource's search and derived filters, from the descriptors that declare any. */
export function listQueriesOf(resources: readonly ResourceData[]): Record<string, ListQueryConfig> {
  return Object.fromEntries(
    resources
      .filter((r) => r.searchColumns || r.derivedFilters)
      .map((r) => [
        r.name,
        {
          searchColumns: r.searchColumns ?? [],
          derivedFilters: r.derivedFilters,
          searchOwnerEmail: r.searchOwnerEmail,
        },
      ]),
  );
}

/**
 * The filter object ra-data-postgrest receives: `q` and derived filters removed, their conditions
 * in one `and` parameter (the `@` with no operator passes the value through untouched).
 */
export function applyListQuery(
  filter: Record<string, unknown>,
  config: ListQueryConfig,
  owners?: OwnerMatches,
): Record<string, unknown> {
  const { q, ...rest } = filter;
  const conditions = searchConditions(q, config.searchColumns, owners);
  for (const [key, toConditions] of Object.entries(config.derivedFilters ?? {})) {
    if (!(key in rest)) continue;
    conditions.push(...toConditions(rest[key]));
    delete rest[key];
  }
  return conditions.length ? { ...rest, 'and@': `(${conditions.join(',')})` } : rest;
}

/** How long a search's owners are reused: paging through a search's results asks once. */
const OWNER_LOOKUP_TTL_MS = 30_000;
const OWNER_LOOKUP_ENTRIES = 20;

/** `lookup` with its answers kept briefly per search, the oldest dropped past a few searches. */
export function cachedOwnerLookup(lookup: OwnerLookup, now: () => number = Date.now): OwnerLookup {
  const answers = new Map<string, { at: number; owners: Promise<OwnerMatches> }>();
  return (words) => {
    const key = JSON.stringify(words);
    const kept = answers.get(key);
    if (kept && now() - kept.at < OWNER_LOOKUP_TTL_MS) return kept.owners;
    const owners = lookup(words);
    answers.delete(key);
    answers.set(key, { at: now(), owners });
    // A failed lookup is not kept: the next request asks again.
    owners.catch(() => {
      if (answers.get(key)?.owners === owners) answers.delete(key);
    });
    if (answers.size > OWNER_LOOKUP_ENTRIES) answers.delete(answers.keys().next().value!);
    return owners;
  };
}

function listCallbacks(resource: string, config: ListQueryConfig, owners?: OwnerLookup): ResourceCallbacks {
  const withQuery = async <P extends Pick<GetListParams, 'filter' | 'meta'>>(params: P): Promise<P> => {
    const filter = params.filter ?? {};
    const words = searchWords(filter.q);
    const matches = config.searchOwnerEmail && owners && words.length ? await owners(words) : undefined;
    const searched = words.length ? { meta: { ...params.meta, search: true } satisfies SearchMeta } : {};
    return { ...params, ...searched, filter: applyListQuery(filter, config, matches) };
  };
  return { resource, beforeGetList: withQuery, beforeGetManyReference: withQuery };
}

/**
 * The provider with every configured resource's `q` and derived filters built as above (resources
 * not configured send `q` nowhere); `owners` finds the owners of the words of a search of a
 * resource that declares `searchOwnerEmail`.
 */
export function withListQueries<T extends DataProvider>(
  provider: T,
  queries: Readonly<Record<string, ListQueryConfig>>,
  owners?: OwnerLookup,
): T {
  return withLifecycleCallbacks(
    provider,
    Object.entries(queries).map(([resource, config]) => listCallbacks(resource, config, owners)),
  ) as T;
}

import type { DataProvider, GetListParams, GetListResult, RaRecord, SortPayload } from 'react-admin';
import { MAX_ROWS } from '../domain/limits';

/** Every order ends on this unique column, so rows that tie on the sort fields never swap between pages. */
export const TIE_BREAKER = 'id';

/** One key of an order: a column and its direction. An order is a list of these, most significant first. */
export interface OrderTerm<F extends string = string> {
  field: F;
  ascending: boolean;
}

/**
 * How a sort of several keys travels in react-admin's one-field `SortPayload` (and so in the URL):
 * the keys joined by commas, each optionally suffixed `.asc` or `.desc`; a key without a suffix
 * takes the payload's `order`. `{ field: 'category,sort_order', order: 'ASC' }` is "category, then
 * sort order, ascending"; a header click that flips `order` flips every key without a suffix.
 */
export function orderTerms(sort: SortPayload): OrderTerm[] {
  const ascending = sort.order !== 'DESC';
  return sort.field
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => {
      const match = /^(.*)\.(asc|desc)$/.exec(key);
      return match ? { field: match[1], ascending: match[2] === 'asc' } : { field: key, ascending };
    });
}

/** The `SortPayload` that carries `terms` (the inverse of orderTerms): the first key's direction is `order`. */
export function sortOf(terms: readonly OrderTerm[]): SortPayload {
  const [first, ...rest] = terms;
  return {
    field: [first.field, ...rest.map((t) => `${t.field}.${t.ascending ? 'asc' : 'desc'}`)].join(','),
    order: first.ascending ? 'ASC' : 'DESC',
  };
}

/**
 * The sort's terms with the tie-breaker appended once, in the last key's direction (unless the sort
 * already names it). Rows tying on every key then keep one order, so pages neither repeat nor skip.
 */
export function orderWithTieBreaker(sort: SortPayload): OrderTerm[] {
  const terms = orderTerms(sort);
  if (terms.some((t) => t.field === TIE_BREAKER)) return terms;
  const last = terms[terms.length - 1];
  return [...terms, { field: TIE_BREAKER, ascending: last?.ascending ?? true }];
}

/** The same rows read from the other end: every key's direction flipped. */
export const reversedOrder = (order: readonly OrderTerm[]): OrderTerm[] =>
  order.map((term) => ({ ...term, ascending: !term.ascending }));

/**
 * Rows [offset, offset + limit) of `order`. A reversed plan reads from the end of the list in the
 * opposite order, so its rows come back last-first and must be reversed.
 */
export interface PagePlan {
  order: OrderTerm[];
  offset: number;
  limit: number;
  reversed: boolean;
}

/**
 * How to read one page. OFFSET makes Postgres walk every skipped row, so a page past the middle of a
 * list of known size is read from the other end with a small offset: the last page of a million rows
 * then costs what the first costs. Without a known total the page is read forwards.
 */
export function planPage(options: {
  page: number;
  perPage: number;
  sort: SortPayload;
  total?: number;
}): PagePlan {
  const { page, perPage, sort, total } = options;
  const order = orderWithTieBreaker(sort);
  const offset = (page - 1) * perPage;
  const end = total === undefined ? offset + perPage : Math.min(offset + perPage, total);
  if (total === undefined || offset <= total / 2 || end <= offset) {
    return { order, offset, limit: perPage, reversed: false };
  }
  return { order: reversedOrder(order), offset: total - end, limit: end - offset, reversed: true };
}

/** PostgREST's `order` parameter: `created_at.desc,id.desc`. */
export function postgrestOrder(order: readonly OrderTerm[]): string {
  return order.map((term) => `${term.field}.${term.ascending ? 'asc' : 'desc'}`).join(',');
}

/** Whether a total counted with `count=estimated` is the planner's estimate (past max-rows) rather than exact. */
export function isEstimatedTotal(total: number | undefined): boolean {
  return total !== undefined && total > MAX_ROWS;
}

/**
 * What getList adds to its result's meta; the pagination bar reads it. `pastMaxRows`: the list has
 * more than max-rows rows and no total (see ReadsEveryRow), so the bar says "more than 1,000".
 */
export interface PagingMeta {
  totalIsEstimate: boolean;
  pastMaxRows?: true;
}

/**
 * Whether the signed-in caller reads every row of a resource's table. Only then may a total be the
 * planner's estimate: the estimate comes from the table's statistics, which count the rows the
 * caller cannot read as well, so for anyone else it would tell how many rows are hidden from them.
 * Their totals are exact up to max-rows (what `count=estimated` counts before it estimates), and
 * past that a list has no total, only whether there is a next page.
 */
export type ReadsEveryRow = (resource: string) => Promise<boolean>;

/** What the search layer adds to a getList's meta when the filter holds a search's words. */
export interface SearchMeta {
  search?: boolean;
}

/**
 * ra-data-postgrest writes `order=<field>.<direction>` from the sort; every term but the last is put
 * in the field so that the whole order, tie-breaker included, reaches the request.
 */
function postgrestSort(order: OrderTerm[]): SortPayload {
  const last = order[order.length - 1];
  const leading = order.slice(0, -1);
  return {
    field: leading.length ? `${postgrestOrder(leading)},${last.field}` : last.field,
    order: last.ascending ? 'ASC' : 'DESC',
  };
}

/**
 * Reads rows [offset, offset + limit) of an unfiltered list in `order`, found through an index only
 * (the admin_page_rows function), or answers `undefined` when the resource has no such seek.
 * `page` answers a page and the list's total together (admin_page: one round trip for a page whose
 * total is not known yet), reading from the nearer end itself. `count` answers the list's total as
 * `Prefer: count=estimated` counts it, for the orders the seek cannot take.
 */
export interface PageSeek {
  rows(resource: string, order: OrderTerm[], offset: number, limit: number): Promise<RaRecord[] | undefined>;
  page(
    resource: string,
    order: OrderTerm[],
    offset: number,
    limit: number,
  ): Promise<{ rows: RaRecord[]; total: number } | undefined>;
  count(resource: string): Promise<number>;
}

/** A list's total as the provider keeps it: a count, or "more than max-rows" for a caller who may not see the estimate. */
const PAST_MAX_ROWS = 'past max-rows';
type KnownTotal = number | typeof PAST_MAX_ROWS;

/** A page with no total (react-admin's partial pagination): the list has more than max-rows rows. */
function pastMaxRowsPage<R extends RaRecord>(
  data: R[],
  page: number,
  hasNextPage: boolean,
): GetListResult<R> {
  const meta: PagingMeta = { totalIsEstimate: false, pastMaxRows: true };
  return { data, pageInfo: { hasNextPage, hasPreviousPage: page > 1 }, meta };
}

/**
 * Rows [from, limit) of the list in `sort` with the given Prefer: the Range header, which PostgREST
 * intersects with the query's limit, sets the start.
 */
function readRows<R extends RaRecord>(
  provider: DataProvider,
  resource: string,
  params: GetListParams,
  sort: SortPayload,
  { from, limit, prefer }: { from: number; limit: number; prefer: string },
) {
  return provider.getList<R>(resource, {
    ...params,
    pagination: { page: 1, perPage: limit },
    sort,
    meta: {
      ...params.meta,
      headers: {
        Prefer: prefer,
        ...(from ? { Range: `${from}-${limit - 1}` } : {}),
        ...params.meta?.headers,
      },
    },
  });
}

/**
 * The total of a list counted without the planner, for a caller who may not see its estimate:
 * whether a row lies past max-rows (`probe`: one row read at that offset), and if not, an exact
 * count of the at most max-rows rows there are.
 */
async function countWithoutEstimate(
  read: (from: number, limit: number, prefer: string) => Promise<GetListResult>,
  probe = read(MAX_ROWS, MAX_ROWS + 1, 'handling=lenient'),
): Promise<KnownTotal> {
  if ((await probe).data.length) return PAST_MAX_ROWS;
  return (await read(0, 1, 'count=exact')).total ?? 0;
}

/**
 * A page counted only as far as needed: a search's, and any list of a caller who does not read
 * every row (ReadsEveryRow). The matches of a common word are many, and counting up to max-rows + 1
 * of them (`count=estimated`) reads thousands of rows through `ilike` where the page reads a few
 * dozen; so the page asks one row more than it shows, and the first page of a caller who reads
 * every row also the planner's estimate (`count=planned`, an EXPLAIN; on a later page PostgREST
 * would answer 416 for an offset past the estimate, so later pages ask no count: `handling=lenient`
 * is PostgREST's default). A page that is not full tells the exact total; a total this list already
 * has is kept; an estimate past max-rows is taken as one (as `count=estimated` takes it); otherwise
 * a full page, or a page past the end, is counted by a second request: `count=estimated` for a
 * caller who reads every row, else countWithoutEstimate (past max-rows such a list has no total).
 */
async function countedPage<R extends RaRecord>(
  provider: DataProvider,
  resource: string,
  params: GetListParams,
  { known, whole }: { known: KnownTotal | undefined; whole: boolean },
): Promise<GetListResult<R>> {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const sort = postgrestSort(orderWithTieBreaker(params.sort ?? { field: TIE_BREAKER, order: 'ASC' }));
  const offset = (page - 1) * perPage;
  const read = (from: number, limit: number, prefer: string) =>
    readRows<R>(provider, resource, params, sort, { from, limit, prefer });
  const first = offset === 0;
  // A first count without the planner probes past max-rows beside the page, not after it.
  const probe = whole || known !== undefined ? undefined : read(MAX_ROWS, MAX_ROWS + 1, 'handling=lenient');
  probe?.catch(() => undefined); // unused when the page alone tells the total; else awaited below
  const { data: rows, total } = await read(
    offset,
    offset + perPage + 1,
    first && whole ? 'count=planned' : 'handling=lenient',
  );
  const full = rows.length > perPage;
  const seen = offset + rows.length;
  const answer = (count: KnownTotal, estimate = count !== PAST_MAX_ROWS && isEstimatedTotal(count)) => {
    if (count === PAST_MAX_ROWS) return pastMaxRowsPage(rows.slice(0, perPage), page, full);
    const total = full ? Math.max(count, seen) : count;
    const meta: PagingMeta = { totalIsEstimate: estimate };
    return { data: rows.slice(0, perPage), total, meta } satisfies GetListResult<R>;
  };
  if (!full && known !== PAST_MAX_ROWS && (rows.length > 0 || first)) return answer(seen, false);
  if (known !== undefined && (full || known === PAST_MAX_ROWS)) return answer(known);
  if (!whole) return answer(await countWithoutEstimate(read, probe));
  if (full) {
    const planned = first ? total : (await read(0, 1, 'count=planned')).total;
    if (planned !== undefined && isEstimatedTotal(planned)) return answer(planned);
  }
  return answer((await read(0, 1, 'count=estimated')).total ?? 0);
}

/** Below this offset OFFSET itself is cheap, and one request beats a seek plus a fetch. */
const SEEK_FROM_OFFSET = 500;

/**
 * ra-supabase's getList with counts and pages that cost one page at any size: counts are
 * `Prefer: count=estimated`, orders end on the tie-breaker, and pages past the middle are read
 * backwards. The backward window goes in a `Range` header, which PostgREST intersects with the
 * query's offset and limit (hence `limit` = the window's end). The last total seen for each resource
 * and filter is what tells a deep page from a shallow one. A caller who does not read every row of
 * the table (`readsEveryRow`) is counted without the planner (countedPage): past max-rows its list
 * has no total, and its pages are read forwards, one row more than shown to tell whether there is
 * a next.
 *
 * A deep page of an unfiltered list (a reload, a shared link, a jump) goes through `seek` instead:
 * the page is found by an index-only read from the nearer end and its rows read by id, in one
 * request; when the total is not known yet, that same request counts it (`seek.page`). Filtered lists keep the plan above (their
 * matches are usually few; see docs/architecture.md).
 */
export function withScalablePaging<T extends DataProvider>(
  provider: T,
  options: { seek?: PageSeek; readsEveryRow?: ReadsEveryRow } = {},
): T {
  const { seek, readsEveryRow = async () => false } = options;
  const totals = new Map<string, KnownTotal>();

  /** The page through the seek, or undefined when the resource has none for this order. */
  const seekPage = async <R extends RaRecord>(
    resource: string,
    plan: PagePlan,
    total: number,
  ): Promise<GetListResult<R> | undefined> => {
    const rows = (await seek!.rows(resource, plan.order, plan.offset, plan.limit)) as R[] | undefined;
    if (!rows) return undefined;
    const meta: PagingMeta = { totalIsEstimate: isEstimatedTotal(total) };
    return { data: plan.reversed ? rows.reverse() : rows, total, meta };
  };

  const getList = async <R extends RaRecord>(
    resource: string,
    params: GetListParams,
  ): Promise<GetListResult<R>> => {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const key = JSON.stringify([resource, params.filter ?? {}]);
    const sort = params.sort ?? { field: TIE_BREAKER, order: 'ASC' };
    const unfiltered = Object.keys(params.filter ?? {}).length === 0;
    // A caller who does not read every row of the table is never shown (nor asks for) the
    // planner's estimate, which counts the rows hidden from it too.
    const whole = await readsEveryRow(resource);
    // A deep page opened from a link: the total and the page in one request, read from the nearer
    // end; for an order the seek cannot take, count first so the page is read from the nearer end.
    if (seek && whole && unfiltered && !totals.has(key) && (page - 1) * perPage >= SEEK_FROM_OFFSET) {
      const sought = await seek.page(resource, orderWithTieBreaker(sort), (page - 1) * perPage, perPage);
      if (sought) {
        totals.set(key, sought.total);
        const meta: PagingMeta = { totalIsEstimate: isEstimatedTotal(sought.total) };
        return { data: sought.rows as R[], total: sought.total, meta };
      }
      totals.set(key, await seek.count(resource));
    }
    const known = totals.get(key);
    if ((params.meta as SearchMeta | undefined)?.search || !whole || known === PAST_MAX_ROWS) {
      const result = await countedPage<R>(provider, resource, params, { known, whole });
      totals.set(key, result.total ?? PAST_MAX_ROWS);
      return result;
    }
    const plan = planPage({ page, perPage, sort, total: known });
    if (seek && unfiltered && plan.offset >= SEEK_FROM_OFFSET) {
      const sought = await seekPage<R>(resource, plan, known!);
      if (sought) return sought;
    }
    const range = plan.reversed ? { Range: `${plan.offset}-${plan.offset + plan.limit - 1}` } : {};
    const result = await provider.getList<R>(resource, {
      ...params,
      pagination: plan.reversed ? { page: 1, perPage: plan.offset + plan.limit } : { page, perPage },
      sort: postgrestSort(plan.order),
      meta: { ...params.meta, headers: { Prefer: 'count=estimated', ...range, ...params.meta?.headers } },
    });
    if (result.total !== undefined) totals.set(key, result.total);
    const meta: PagingMeta = { totalIsEstimate: isEstimatedTotal(result.total) };
    return {
      ...result,
      data: plan.reversed ? [...result.data].reverse() : result.data,
      meta: { ...result.meta, ...meta },
    };
  };
  return { ...provider, getList };
}

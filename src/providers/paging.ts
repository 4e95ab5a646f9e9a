import type { DataProvider, GetListParams, GetListResult, RaRecord, SortPayload } from 'react-admin';

/**
 * PostgREST's db-max-rows on Supabase (and the local stand-in): with `Prefer: count=estimated` it
 * counts exactly up to this many rows and takes the planner's estimate past it. A total above it is
 * therefore an estimate, which the lists show as "about N".
 */
export const EXACT_COUNT_LIMIT = 1000;

/** Every order ends on this unique column, so rows that tie on the sort field never swap between pages. */
export const TIE_BREAKER = 'id';

export interface OrderTerm {
  field: string;
  ascending: boolean;
}

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

/** The list's sort with the tie-breaker appended (unless the sort already is the tie-breaker). */
export function orderWithTieBreaker(sort: SortPayload): OrderTerm[] {
  const ascending = sort.order !== 'DESC';
  const order = [{ field: sort.field, ascending }];
  return sort.field === TIE_BREAKER ? order : [...order, { field: TIE_BREAKER, ascending }];
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
  return {
    order: order.map((term) => ({ ...term, ascending: !term.ascending })),
    offset: total - end,
    limit: end - offset,
    reversed: true,
  };
}

/** PostgREST's `order` parameter: `created_at.desc,id.desc`. */
export function postgrestOrder(order: OrderTerm[]): string {
  return order.map((term) => `${term.field}.${term.ascending ? 'asc' : 'desc'}`).join(',');
}

/** Whether a total counted with `count=estimated` is the planner's estimate rather than exact. */
export function isEstimatedTotal(total: number | undefined): boolean {
  return total !== undefined && total > EXACT_COUNT_LIMIT;
}

/** What getList adds to its result's meta; the pagination bar reads it. */
export interface PagingMeta {
  totalIsEstimate: boolean;
}

/**
 * ra-data-postgrest writes `order=<field>.<direction>` from the sort; every term but the last is put
 * in the field so that the whole order, tie-breaker included, reaches the request.
 */
function sortFor(order: OrderTerm[]): SortPayload {
  const last = order[order.length - 1];
  const leading = order.slice(0, -1);
  return {
    field: leading.length ? `${postgrestOrder(leading)},${last.field}` : last.field,
    order: last.ascending ? 'ASC' : 'DESC',
  };
}

/**
 * ra-supabase's getList with counts and deep pages that cost one page at any size: counts are
 * `Prefer: count=estimated`, orders end on the tie-breaker, and pages past the middle are read
 * backwards. The backward window goes in a `Range` header, which PostgREST intersects with the
 * query's offset and limit (hence `limit` = the window's end). The last total seen for each resource
 * and filter is what tells a deep page from a shallow one.
 */
export function withScalablePaging<T extends DataProvider>(provider: T): T {
  const totals = new Map<string, number>();
  const getList = async <R extends RaRecord>(
    resource: string,
    params: GetListParams,
  ): Promise<GetListResult<R>> => {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const key = JSON.stringify([resource, params.filter ?? {}]);
    const plan = planPage({
      page,
      perPage,
      sort: params.sort ?? { field: TIE_BREAKER, order: 'ASC' },
      total: totals.get(key),
    });
    const range = plan.reversed ? { Range: `${plan.offset}-${plan.offset + plan.limit - 1}` } : {};
    const result = await provider.getList<R>(resource, {
      ...params,
      pagination: plan.reversed ? { page: 1, perPage: plan.offset + plan.limit } : { page, perPage },
      sort: sortFor(plan.order),
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

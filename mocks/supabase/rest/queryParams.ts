import { invalidRange, queryParamError } from './errors';
import {
  isFtsOperator,
  isSimpleOperator,
  parseColumnList,
  parseFilterValue,
  parseLogic,
  parseOrder,
  parseSelect,
  parseTreePath,
} from './grammar';
import type { QueryParams, RangeSpec } from './types';

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1);
/** The embed path of an order, limit or offset key (`rt_comments.order` → `rt_comments`). */
const pathOf = (key: string) => parseTreePath(key).path.join('.');

/** PostgREST's test for "this value is a filter" (QueryParams.hasOperator / hasFtsOperator). */
function hasOperator(value: string): boolean {
  const [first, second] = value.split('.');
  if (first === 'not' && second !== undefined) return true;
  if (first === 'is' || first === 'in') return value.includes('.');
  if (value.includes('.') && (isSimpleOperator(first) || isFtsOperator(first))) return true;
  const beforeParen = value.split('(');
  return beforeParen.length > 1 && isFtsOperator(beforeParen[0]);
}

function parseInteger(key: string, value: string): number {
  if (!/^-?\d+$/.test(value.trim())) {
    throw queryParamError(`"failed to parse ${key} parameter (${value})"`, `${key} must be an integer`);
  }
  return Number(value.trim());
}

/**
 * Splits a request's query string into PostgREST's parts. `forRpc` keeps operator-less pairs as
 * function arguments; on tables every non-reserved pair must be a filter (else PGRST100).
 */
export function parseQueryParams(search: URLSearchParams, { forRpc }: { forRpc: boolean }): QueryParams {
  const result: QueryParams = {
    select: parseSelect(search.get('select') || '*'),
    filters: new Map(),
    logic: new Map(),
    order: new Map(),
    ranges: new Map(),
    rpcArgs: [],
    castTypes: new Map(),
  };
  const columns = search.get('columns');
  if (columns) result.columns = parseColumnList(columns, 'columns');
  const onConflict = search.get('on_conflict');
  if (onConflict) result.onConflict = parseColumnList(onConflict, 'on_conflict');

  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [key, value] of search) {
    if (RESERVED.has(key) || value === '') continue;
    const last = lastSegment(key);
    if (RESERVED_EMBEDDABLE.has(last)) {
      if (last === 'order') push(result.order, pathOf(key), ...parseOrder(value));
      else if (last === 'limit') limits.set(pathOf(key), parseInteger(key, value));
      else if (last === 'offset') offsets.set(pathOf(key), parseInteger(key, value));
      else {
        const { path, tree } = parseLogic(key, value);
        push(result.logic, path.join('.'), tree);
      }
      continue;
    }
    if (forRpc && !key.includes('.') && !hasOperator(value)) {
      result.rpcArgs.push([key, value]);
      continue;
    }
    const { path, field } = parseTreePath(key);
    push(result.filters, path.join('.'), { field, ...parseFilterValue(value) });
  }
  for (const path of new Set([...limits.keys(), ...offsets.keys()])) {
    const limit = limits.get(path);
    if (limit !== undefined && limit < 0)
      throw invalidRange('Limit should be greater than or equal to zero.');
    const offset = offsets.get(path) ?? 0;
    if (offset < 0)
      throw queryParamError(`"failed to parse offset parameter (${offset})"`, 'offset must not be negative');
    result.ranges.set(path, { offset, ...(limit !== undefined ? { limit } : {}) });
  }
  return result;
}

function push<T>(map: Map<string, T[]>, key: string, ...values: T[]) {
  const list = map.get(key) ?? [];
  list.push(...values);
  map.set(key, list);
}

/**
 * Intersects the root range with a `Range: 0-24` header (GET only), as PostgREST does;
 * malformed headers are ignored, a lower bound above the upper bound answers 416.
 */
export function applyRangeHeader(range: RangeSpec | undefined, header: string | null): RangeSpec | undefined {
  const m = header ? /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header) : null;
  if (!m) return range;
  const lower = Number(m[1]);
  const upper = m[2] === '' ? undefined : Number(m[2]);
  if (upper !== undefined && lower > upper) {
    throw invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  const qLower = range?.offset ?? 0;
  const qUpper = range?.limit !== undefined ? qLower + range.limit - 1 : undefined;
  const from = Math.max(lower, qLower);
  const to = upper === undefined ? qUpper : qUpper === undefined ? upper : Math.min(upper, qUpper);
  return { offset: from, ...(to !== undefined ? { limit: Math.max(0, to - from + 1) } : {}) };
}

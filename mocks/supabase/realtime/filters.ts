/**
 * postgres_changes filters as Realtime takes them: `column=op.value` with op one of eq, neq, lt,
 * lte, gt, gte, in (`in.(a,b,c)`). Values compare as the column's type: numbers as numbers,
 * everything else as its text, which is how Realtime casts the filter value to the column type for
 * the types the admin filters on (ids, uuids, text, booleans).
 */
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ChangeFilter {
  column: string;
  op: FilterOp;
  values: string[];
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);
const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);

/** Parses a filter string; null when it is not one Realtime accepts. */
export function parseFilter(filter: string): ChangeFilter | null {
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(filter);
  if (!match) return null;
  const [, column, op, raw] = match;
  if (!OPS.has(op as FilterOp)) return null;
  if (op !== 'in') return { column, op: op as FilterOp, values: [raw] };
  const list = /^\((.*)\)$/s.exec(raw);
  if (!list) return null;
  const values = list[1].split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1'));
  // Realtime caps an in-list at 100 values.
  return values.length > 0 && values.length <= 100 ? { column, op: 'in', values } : null;
}

function compare(value: unknown, filterValue: string, type: string): number | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.has(type)) {
    const a = Number(value);
    const b = Number(filterValue);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  const a = typeof value === 'string' ? value : JSON.stringify(value);
  return a === filterValue ? 0 : a < filterValue ? -1 : 1;
}

/** Whether a record passes the filter (a null column passes none, as in SQL). */
export function passesFilter(record: Record<string, unknown>, filter: ChangeFilter, type: string): boolean {
  const value = record[filter.column];
  if (filter.op === 'in') return filter.values.some((v) => compare(value, v, type) === 0);
  const order = compare(value, filter.values[0], type);
  if (order === null) return false;
  switch (filter.op) {
    case 'eq':
      return order === 0;
    case 'neq':
      return order !== 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
  }
}

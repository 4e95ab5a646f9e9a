/**
 * postgres_changes filters as Realtime takes them: `column=op.value` with op one of eq, neq, lt,
 * lte, gt, gte, in (`in.(a,b,c)`). Realtime casts both the row's value and the filter's to the
 * column's type and lets Postgres compare them (realtime.check_equality_op:
 * `select $1::type op $2::type`). Here the same casts are done for the types an app filters on:
 * numbers compare as numbers, timestamptz / timestamp / date as instants (microseconds, offsets
 * applied), booleans as booleans, uuids case-blind; anything else as its text. A value that does
 * not cast matches nothing (where Realtime's cast raises and the change is not sent).
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

const TIME = new Set(['timestamptz', 'timestamp', 'date']);

/**
 * An instant in microseconds since the epoch from Postgres's text forms: `2024-05-01 10:00:00+02`,
 * `2024-05-01T08:00:00.123456Z`, `2024-05-01`. A value without an offset is taken as UTC (the
 * stand-in's server zone, as `timestamp` has none).
 */
function instant(text: string): number | null {
  const match =
    /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d{1,6}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
      text.trim(),
    );
  if (!match) return null;
  const [, day, time = '00:00:00', fraction = '', zone = 'Z'] = match;
  const offset = /^[+-]\d{2}$/.test(zone) ? `${zone}:00` : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}${offset.toUpperCase()}`);
  return Number.isNaN(ms) ? null : ms * 1000 + Number(fraction.padEnd(6, '0'));
}

/** The value cast to the column's type, as something JavaScript orders the way Postgres does. */
function cast(value: unknown, type: string): number | string | null {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (NUMERIC.has(type)) {
    const n = Number(text);
    return text.trim() === '' || Number.isNaN(n) ? null : n;
  }
  if (TIME.has(type)) return instant(text);
  if (type === 'bool') {
    const b = /^(t|true|y|yes|on|1)$/i.test(text.trim())
      ? 1
      : /^(f|false|n|no|off|0)$/i.test(text.trim())
        ? 0
        : null;
    return b;
  }
  if (type === 'uuid') return text.toLowerCase();
  return text;
}

function compare(value: unknown, filterValue: string, type: string): number | null {
  if (value === null || value === undefined) return null;
  const a = cast(value, type);
  const b = cast(filterValue, type);
  if (a === null || b === null) return null;
  return a === b ? 0 : a < b ? -1 : 1;
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

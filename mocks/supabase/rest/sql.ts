import { RestError } from './errors';

/*
 * Every piece of request text reaches SQL through this module, so this is where the rule is kept:
 * text from a request becomes a quoted identifier (ident) or a bound parameter (SqlParams), never
 * SQL text. How each kind of request text is made safe:
 *
 * - table and function names (the URL path): looked up in the schema cache; only a name found
 *   there is written, quoted with ident (an unknown name is PGRST205 / PGRST202 before any SQL).
 * - columns in select, order, filters, and/or trees, on_conflict, columns, the insert/update body's
 *   keys, and aliases (renames, embed names): quoted with ident. They may contain any character,
 *   quotes included; ident doubles quotes and refuses NUL.
 * - JSON path keys and array indexes (`data->key`, `data->>0`): bound parameters cast to text / int.
 * - filter values, in-lists, full-text-search terms and languages, limit and offset, the JSON
 *   body of writes and RPC calls: bound parameters (the body as one jsonb/json parameter that
 *   Postgres decodes itself).
 * - casts (`col::type`): the grammar accepts a type name only; the name is resolved with
 *   to_regtype and the type found is written as its quoted schema and name (castTypeSql).
 * - operators, directions, nulls placement, `is` values: chosen from fixed lists in the code,
 *   never copied from the request.
 * - embeds: resolved against the schema cache's foreign keys; only catalog names are written.
 * - RPC argument types and column defaults come from the catalog (format_type, pg_get_expr).
 * - the API role and JWT claims of a request: bound parameters to set_config.
 */

/** Postgres' own answer to a NUL in text: it cannot be stored or sent in a name. */
const nulError = () =>
  new RestError(400, {
    code: '22021',
    message: 'invalid byte sequence for encoding "UTF8": 0x00',
    details: null,
    hint: null,
  });

/** The one way a name enters SQL: double-quoted, quotes doubled; NUL is refused. */
export function ident(name: string): string {
  if (name.includes('\u0000')) throw nulError();
  return `"${name.replaceAll('"', '""')}"`;
}

export const qualified = (name: string) => `${ident('public')}.${ident(name)}`;

export class SqlParams {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder; Postgres infers its type from where it is used. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

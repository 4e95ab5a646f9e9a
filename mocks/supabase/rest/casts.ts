import type { Queryable } from '../db';
import { RestError } from './errors';
import { ident } from './sql';
import type { QueryParams, SelectItem } from './types';

/** What Postgres answers for a cast to a type it does not know. */
const unknownType = (name: string) =>
  new RestError(400, { code: '42704', message: `type "${name}" does not exist`, details: null, hint: null });

function castNames(items: SelectItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.kind === 'field' && item.cast) into.add(item.cast);
    if (item.kind === 'relation') castNames(item.children, into);
  }
  return into;
}

/**
 * Resolves every cast of the select with to_regtype (which accepts the same spellings a cast does:
 * `int`, `integer`, `text[]`, ...) and records the type found as its quoted schema and name, e.g.
 * `"pg_catalog"."int4"`. Only that catalog name is ever written after `::`.
 */
export async function resolveCastTypes(tx: Queryable, query: QueryParams): Promise<void> {
  const names = [...castNames(query.select)];
  if (names.length === 0) return;
  const { rows } = await tx.query<{ name: string; schema: string | null; type: string | null }>(
    `select w.name, n.nspname::text as schema, t.typname::text as type
       from unnest($1::text[]) as w(name)
       left join pg_catalog.pg_type t on t.oid = pg_catalog.to_regtype(w.name)
       left join pg_catalog.pg_namespace n on n.oid = t.typnamespace`,
    [names],
  );
  for (const row of rows) {
    if (!row.schema || !row.type) throw unknownType(row.name);
    query.castTypes.set(row.name, `${ident(row.schema)}.${ident(row.type)}`);
  }
}

/** The quoted type a cast of the select was resolved to (resolveCastTypes runs before any SQL is built). */
export function castTypeSql(query: QueryParams, name: string): string {
  const type = query.castTypes.get(name);
  if (!type) throw unknownType(name);
  return type;
}

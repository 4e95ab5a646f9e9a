import { notEmbedded, relatedOrderNotToOne, tooManySelectItems, unacceptableEmbedFilter } from './errors';
import { resolveRelationship, type Relationship } from './embeds';
import { conditionsSql, fieldOutputName, fieldSql, type FilterContext } from './filters';
import type { SchemaCache, Table } from './schemaCache';
import { ident, qualified, SqlParams } from './sql';
import type { Filter, OrderTerm, QueryParams, RangeSpec, SelectItem } from './types';
import { castTypeSql } from './casts';

import { MAX_ROWS } from '../../../src/domain/limits';

/**
 * Bounds PostgREST itself does not have, which keep one request from growing without end on the
 * embedded backend: every to-many embed returns at most MAX_ROWS rows (as the root does), and a
 * select names at most MAX_SELECT_ITEMS items (columns, casts, embeds and `*`, at every level), of
 * which at most MAX_ALIASES are renamed. The admin's widest select has fewer than 20 items and
 * renames none; the review's `a0:analysis,…,a99:analysis` copied one 900 KB value 100 times.
 */
export const MAX_SELECT_ITEMS = 64;
export const MAX_ALIASES = 16;

interface BuildContext {
  cache: SchemaCache;
  query: QueryParams;
  params: SqlParams;
  nextAlias(table: string): string;
  /** Embed paths seen in select, to refuse filters/order on anything else (PGRST108). */
  embedPaths: Set<string>;
}

export interface Level {
  alias: string;
  /** The table (or row type) of the rows, when the schema cache knows it: enables `*` checks and embeds. */
  table?: Table;
  path: string;
}

export function createBuildContext(
  cache: SchemaCache,
  query: QueryParams,
  params = new SqlParams(),
): BuildContext {
  checkSelectBounds(query.select);
  let counter = 0;
  return {
    cache,
    query,
    params,
    nextAlias: (table) => `${table}_${(counter += 1)}`,
    embedPaths: new Set(['']),
  };
}

function checkSelectBounds(select: SelectItem[]) {
  let items = 0;
  let aliases = 0;
  const visit = (list: SelectItem[]) => {
    for (const item of list) {
      items += 1;
      if (item.kind !== 'star' && item.alias) aliases += 1;
      if (item.kind === 'relation') visit(item.children);
    }
  };
  visit(select);
  if (items > MAX_SELECT_ITEMS)
    throw tooManySelectItems(`${items} items`, `at most ${MAX_SELECT_ITEMS} items`);
  if (aliases > MAX_ALIASES) throw tooManySelectItems(`${aliases} aliases`, `at most ${MAX_ALIASES} aliases`);
}

const filterContext = (ctx: BuildContext, level: Level): FilterContext => ({
  alias: level.alias,
  params: ctx.params,
  columnType: (name) => level.table?.columns.get(name)?.type,
});

/** The select list of one level: columns, casts, renames, JSON paths and embedded resources. */
export function selectList(ctx: BuildContext, level: Level, items: SelectItem[]): string[] {
  const list: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') list.push(`${ident(level.alias)}.*`);
    else if (item.kind === 'field') {
      const value = fieldSql(level.alias, item.field, ctx.params);
      const cast = item.cast ? `::${castTypeSql(ctx.query, item.cast)}` : '';
      list.push(
        `${item.cast ? `(${value})${cast}` : value} as ${ident(item.alias ?? fieldOutputName(item.field))}`,
      );
    } else if (item.children.length === 0) {
      // An empty embed adds no key; its filters still apply where they are used (is.null, !inner).
      relationOf(ctx, level, item);
      ctx.embedPaths.add(childPath(level, item));
    } else list.push(`${embedSql(ctx, level, item)} as ${ident(item.alias ?? item.name)}`);
  }
  return list;
}

type RelationItem = Extract<SelectItem, { kind: 'relation' }>;

function relationOf(ctx: BuildContext, level: Level, item: RelationItem): Relationship {
  if (!level.table) throw notEmbedded(item.name);
  return resolveRelationship(ctx.cache, level.table, item.name, item.hint);
}

const childPath = (level: Level, item: RelationItem) =>
  level.path ? `${level.path}.${item.alias ?? item.name}` : (item.alias ?? item.name);

/** `from "public"."child" as "child_1" where <join> and <embedded filters>` for one embed. */
function embedFromWhere(
  ctx: BuildContext,
  parent: Level,
  item: RelationItem,
  rel: Relationship,
  child: Level,
) {
  const join = rel.pairs.map(
    ([p, c]) => `${ident(child.alias)}.${ident(c)} = ${ident(parent.alias)}.${ident(p)}`,
  );
  const conditions = [...join, ...levelConditions(ctx, child, item.children)];
  return `from ${qualified(rel.target.name)} as ${ident(child.alias)} where ${conditions.join(' and ')}`;
}

function embedSql(ctx: BuildContext, parent: Level, item: RelationItem): string {
  const rel = relationOf(ctx, parent, item);
  const path = childPath(parent, item);
  ctx.embedPaths.add(path);
  const child: Level = { alias: ctx.nextAlias(rel.target.name), table: rel.target, path };
  const list = selectList(ctx, child, item.children).join(', ');
  const fromWhere = embedFromWhere(ctx, parent, item, rel, child);
  if (rel.toOne)
    return `(select row_to_json(pgrst_row) from (select ${list} ${fromWhere} limit 1) pgrst_row)`;
  const tail = `${orderSql(ctx, child, item.children)}${rangeSql(cappedRange(ctx.query.ranges.get(path)), ctx.params)}`;
  return `coalesce((select json_agg(pgrst_row) from (select ${list} ${fromWhere}${tail}) pgrst_row), '[]'::json)`;
}

const embedNamed = (items: SelectItem[], name: string) =>
  items.find((item): item is RelationItem => item.kind === 'relation' && (item.alias ?? item.name) === name);

/**
 * The embed a filter such as `messages=is.null` names (a relation item of the level, by alias or
 * name); any other operator on an embed is PGRST120.
 */
function embedNamedBy(filter: Filter, items: SelectItem[]): RelationItem | undefined {
  if (filter.field.jsonPath.length > 0) return undefined;
  const item = embedNamed(items, filter.field.name);
  if (item && (filter.operation.kind !== 'is' || filter.operation.value !== 'null'))
    throw unacceptableEmbedFilter(filter.field.name);
  return item;
}

/**
 * Filters and and/or trees of a level, plus `exists` for each `!inner` embed among its items and
 * for each null filter on an embed (PostgREST's null filtering on embedded resources):
 * `rel=not.is.null` keeps rows the embed has rows for (as !inner), `rel=is.null` the others.
 */
export function levelConditions(ctx: BuildContext, level: Level, items: SelectItem[]): string[] {
  const fctx = filterContext(ctx, level);
  const filters = ctx.query.filters.get(level.path) ?? [];
  const onEmbeds = filters.flatMap((filter) => {
    const item = embedNamedBy(filter, items);
    return item ? [{ item, present: filter.negated }] : [];
  });
  const conditions = conditionsSql(
    filters.filter((filter) => !embedNamedBy(filter, items)),
    ctx.query.logic.get(level.path) ?? [],
    fctx,
  );
  const embedChecks = [
    ...items.flatMap((item) => (item.kind === 'relation' && item.inner ? [{ item, present: true }] : [])),
    ...onEmbeds,
  ];
  for (const { item, present } of embedChecks) {
    const rel = relationOf(ctx, level, item);
    const child: Level = {
      alias: ctx.nextAlias(rel.target.name),
      table: rel.target,
      path: childPath(level, item),
    };
    conditions.push(
      `${present ? '' : 'not '}exists (select 1 ${embedFromWhere(ctx, level, item, rel, child)})`,
    );
  }
  return conditions;
}

/**
 * One order term: a column of the level, or `rel(column)`, a column of a to-one embed of the level
 * (its row as the embed reads it; PGRST118 for a to-many embed, PGRST108 for one not in select).
 */
function orderTermSql(ctx: BuildContext, level: Level, items: SelectItem[], term: OrderTerm) {
  let value: string;
  if (term.relation === undefined) value = fieldSql(level.alias, term.field, ctx.params);
  else {
    const item = embedNamed(items, term.relation);
    if (!item) throw notEmbedded(term.relation);
    const rel = relationOf(ctx, level, item);
    if (!rel.toOne) throw relatedOrderNotToOne(level.table?.name ?? level.alias, term.relation);
    const child: Level = {
      alias: ctx.nextAlias(rel.target.name),
      table: rel.target,
      path: childPath(level, item),
    };
    value = `(select ${fieldSql(child.alias, term.field, ctx.params)} ${embedFromWhere(ctx, level, item, rel, child)} limit 1)`;
  }
  return `${value}${term.direction ? ` ${term.direction}` : ''}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
}

export function orderSql(ctx: BuildContext, level: Level, items: SelectItem[]): string {
  const terms = ctx.query.order.get(level.path) ?? [];
  return terms.length ? ` order by ${terms.map((t) => orderTermSql(ctx, level, items, t)).join(', ')}` : '';
}

export function rangeSql(range: RangeSpec | undefined, params: SqlParams): string {
  if (!range) return '';
  const limit = range.limit !== undefined ? ` limit ${params.add(String(range.limit))}::bigint` : '';
  return `${limit}${range.offset ? ` offset ${params.add(String(range.offset))}::bigint` : ''}`;
}

/** Every filter, order, range and logic path must name an embed present in select (PGRST108). */
export function checkEmbedPaths(ctx: BuildContext) {
  const maps = [ctx.query.filters, ctx.query.logic, ctx.query.order, ctx.query.ranges];
  for (const map of maps) {
    for (const path of map.keys()) {
      if (!ctx.embedPaths.has(path)) throw notEmbedded(path.slice(path.lastIndexOf('.') + 1));
    }
  }
}

/** A range with Supabase's max-rows cap applied (the root's, and every to-many embed's). */
export function cappedRange(range: RangeSpec | undefined): RangeSpec {
  const offset = range?.offset ?? 0;
  return { offset, limit: Math.min(range?.limit ?? MAX_ROWS, MAX_ROWS) };
}

import { ident, type SqlParams } from './sql';
import type { Field, Filter, LogicTree, SimpleOperator } from './types';

const SQL_OPERATORS: Record<SimpleOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** `"alias"."column"->$1::text->>$2::int`: JSON keys and indexes are parameters too. */
export function fieldSql(alias: string, field: Field, params: SqlParams): string {
  let sql = `${ident(alias)}.${ident(field.name)}`;
  for (const step of field.jsonPath) {
    const key =
      typeof step.key === 'number' ? `${params.add(String(step.key))}::int` : `${params.add(step.key)}::text`;
    sql += `${step.arrow}${key}`;
  }
  return sql;
}

/** The name PostgREST gives a selected field: the last JSON key, else the column. */
export function fieldOutputName(field: Field): string {
  const keys = field.jsonPath.filter((s) => typeof s.key === 'string');
  return keys.length ? String(keys[keys.length - 1].key) : field.name;
}

export interface FilterContext {
  alias: string;
  params: SqlParams;
  /** The column's SQL type, when known (tables), to pick the text-search form. */
  columnType(name: string): string | undefined;
}

/** One filter as SQL; values are parameters, typed by Postgres from the column they meet. */
export function filterSql(filter: Filter, ctx: FilterContext): string {
  const target = fieldSql(ctx.alias, filter.field, ctx.params);
  const op = filter.operation;
  let sql: string;
  switch (op.kind) {
    case 'is':
      sql = `${target} is ${op.value}`;
      break;
    case 'in': {
      const values = op.values.length === 1 && op.values[0] === '' ? [] : op.values;
      sql =
        values.length === 0 ? 'false' : `${target} in (${values.map((v) => ctx.params.add(v)).join(', ')})`;
      break;
    }
    case 'fts': {
      const fn = FTS_FUNCTIONS[op.op];
      const lang = op.language ? `${ctx.params.add(op.language)}::regconfig, ` : '';
      const isVector = filter.field.jsonPath.length === 0 && ctx.columnType(filter.field.name) === 'tsvector';
      const vector = isVector ? target : `to_tsvector(${lang}${target})`;
      sql = `${vector} @@ ${fn}(${lang}${ctx.params.add(op.value)})`;
      break;
    }
    case 'op': {
      const value = op.op === 'like' || op.op === 'ilike' ? op.value.replaceAll('*', '%') : op.value;
      sql = `${target} ${SQL_OPERATORS[op.op]} ${ctx.params.add(value)}`;
      break;
    }
  }
  return filter.negated ? `not (${sql})` : sql;
}

export function logicSql(tree: LogicTree, ctx: FilterContext): string {
  if (tree.kind === 'filter') return filterSql(tree.filter, ctx);
  const joined = tree.children.map((child) => `(${logicSql(child, ctx)})`).join(` ${tree.op} `);
  return tree.negated ? `not (${joined})` : `(${joined})`;
}

/** All conditions of one level: filters, then and/or trees; `true` when there are none. */
export function conditionsSql(filters: Filter[], trees: LogicTree[], ctx: FilterContext): string[] {
  return [...filters.map((f) => filterSql(f, ctx)), ...trees.map((t) => logicSql(t, ctx))];
}

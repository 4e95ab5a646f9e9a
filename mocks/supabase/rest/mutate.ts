import type { Queryable } from '../db';
import { columnNotFound, invalidBody, unsupported } from './errors';
import { conditionsSql } from './filters';
import type { Accept, Preferences } from './preferences';
import { checkEmbedPaths, createBuildContext, selectList } from './readQuery';
import { bodySql, cappedBodySql, checkBodySize, type Outcome } from './response';
import type { SchemaCache, Table } from './schemaCache';
import { ident, qualified, SqlParams } from './sql';
import type { QueryParams } from './types';

type Row = Record<string, unknown>;

export interface MutationOptions {
  accept: Accept;
  prefs: Preferences;
  /** Whether rows come back (return=representation or headers-only): only then RETURNING, so SELECT policies apply. */
  returning: boolean;
}

/** The JSON body of an insert: an object or an array of objects with the same keys (unless ?columns= names them). */
export function insertRows(body: unknown, { keysMayDiffer }: { keysMayDiffer: boolean }): Row[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) throw invalidBody();
  const keys = (r: Row) => Object.keys(r).sort().join('\u0000');
  if (!keysMayDiffer && rows.length > 1 && !rows.every((r) => keys(r as Row) === keys(rows[0] as Row))) {
    throw invalidBody('All object keys must match');
  }
  return rows as Row[];
}

function payloadColumns(table: Table, query: QueryParams, rows: Row[]): string[] {
  const columns = query.columns ?? (rows.length ? Object.keys(rows[0]) : []);
  for (const column of columns) if (!table.columns.has(column)) throw columnNotFound(table.name, column);
  return columns;
}

/** `case when _j.value ? 'col' then _r.col else <default> end` for Prefer: missing=default. */
function valueExpr(table: Table, column: string, prefs: Preferences, has: () => string) {
  const value = `pgrst_rec.${ident(column)}`;
  if (prefs.missing !== 'default') return value;
  const fallback = table.columns.get(column)?.defaultExpr ?? 'null';
  return `case when ${has()} then ${value} else ${fallback} end`;
}

/** Wraps the mutation in a CTE and shapes the returned rows like a read (select, embeds). */
async function shape(
  tx: Queryable,
  cache: SchemaCache,
  query: QueryParams,
  table: Table,
  mutationSql: (params: SqlParams) => string,
  { accept, returning }: MutationOptions,
): Promise<Outcome> {
  const ctx = createBuildContext(cache, query);
  const mutation = mutationSql(ctx.params);
  if (!returning) {
    const result = await tx.query(mutation, ctx.params.values);
    return { body: '', pageCount: result.affectedRows ?? 0, total: null };
  }
  const list = selectList(ctx, { alias: table.name, table, path: '' }, query.select).join(', ');
  checkEmbedPaths(ctx);
  const sql = cappedBodySql(
    `pgrst_source as (${mutation} returning ${ident(table.name)}.*)`,
    `select count(*)::int as page_count, ${bodySql(accept)} as pgrst_body
    from (select ${list} from pgrst_source as ${ident(table.name)}) _postgrest_t`,
    ['page_count'],
  );
  const row = (
    await tx.query<{ page_count: number; body: string; body_bytes: number | null }>(sql, ctx.params.values)
  ).rows[0];
  checkBodySize(row);
  return { body: row.body, pageCount: row.page_count, total: null };
}

/**
 * PostgREST's count of the rows an upsert inserted (addConfigPgrstInserted): every row offered to
 * the insert adds one, every conflict it turns into an update takes one away. The comparisons
 * only make the set_config part of the condition; they are always true.
 */
const INSERTED = `coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0)`;
const countOffered = `set_config('pgrst.inserted', (${INSERTED} + 1)::text, true) <> '0'`;
const countUpdated = `set_config('pgrst.inserted', (${INSERTED} - 1)::text, true) <> '-1'`;

export async function runInsert(
  tx: Queryable,
  cache: SchemaCache,
  query: QueryParams,
  table: Table,
  body: unknown,
  options: MutationOptions,
): Promise<Outcome & { inserted?: number }> {
  const rows = insertRows(body, { keysMayDiffer: query.columns !== undefined });
  const columns = payloadColumns(table, query, rows);
  const conflictColumns = query.onConflict ?? table.primaryKey;
  for (const column of conflictColumns)
    if (!table.columns.has(column)) throw columnNotFound(table.name, column);
  const { prefs } = options;
  if (columns.length === 0 && rows.length !== 1)
    throw unsupported('inserting several rows that have no columns');
  const merging = prefs.resolution === 'merge-duplicates' && columns.length > 0;
  if (merging) await tx.query(`select set_config('pgrst.inserted', '', true)`);
  const outcome = await shape(
    tx,
    cache,
    query,
    table,
    (params) => {
      const target = qualified(table.name);
      let sql = `insert into ${target} as ${ident(table.name)} default values`;
      if (columns.length > 0) {
        const json = params.add(JSON.stringify(rows));
        const values = columns.map((c) =>
          valueExpr(table, c, prefs, () => `pgrst_body.value ? ${params.add(c)}::text`),
        );
        sql = `insert into ${target} as ${ident(table.name)} (${columns.map(ident).join(', ')})
        select ${values.join(', ')}
        from jsonb_array_elements(${json}::jsonb) with ordinality as pgrst_body(value, ord)
        cross join lateral jsonb_populate_record(null::${target}, pgrst_body.value) as pgrst_rec
        ${merging ? `where ${countOffered}` : ''}
        order by pgrst_body.ord`;
      }
      if (prefs.resolution) {
        if (conflictColumns.length === 0)
          throw unsupported('upsert on a table without a primary key and without on_conflict');
        const action =
          prefs.resolution === 'ignore-duplicates' || columns.length === 0
            ? 'do nothing'
            : `do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}
               where ${countUpdated}`;
        sql += ` on conflict (${conflictColumns.map(ident).join(', ')}) ${action}`;
      }
      return sql;
    },
    options,
  );
  if (!merging) return outcome;
  const { rows: counted } = await tx.query<{ inserted: number }>(`select ${INSERTED} as inserted`);
  return { ...outcome, inserted: counted[0].inserted };
}

export function runUpdate(
  tx: Queryable,
  cache: SchemaCache,
  query: QueryParams,
  table: Table,
  body: unknown,
  options: MutationOptions,
): Promise<Outcome> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidBody();
  const columns = payloadColumns(table, query, [body as Row]);
  if (columns.length === 0)
    return Promise.resolve({
      body: options.accept.type === 'object' ? 'null' : '[]',
      pageCount: 0,
      total: null,
    });
  return shape(
    tx,
    cache,
    query,
    table,
    (params) => {
      const target = qualified(table.name);
      const json = params.add(JSON.stringify(body));
      const sets = columns.map(
        (c) =>
          `${ident(c)} = ${valueExpr(table, c, options.prefs, () => `pgrst_body.value ? ${params.add(c)}::text`)}`,
      );
      const where = rootConditions(query, table, params);
      return `update ${target} as ${ident(table.name)} set ${sets.join(', ')}
      from (select ${json}::jsonb as value) as pgrst_body, jsonb_populate_record(null::${target}, pgrst_body.value) as pgrst_rec${where}`;
    },
    options,
  );
}

export function runDelete(
  tx: Queryable,
  cache: SchemaCache,
  query: QueryParams,
  table: Table,
  options: MutationOptions,
): Promise<Outcome> {
  return shape(
    tx,
    cache,
    query,
    table,
    (params) => {
      return `delete from ${qualified(table.name)} as ${ident(table.name)}${rootConditions(query, table, params)}`;
    },
    options,
  );
}

function rootConditions(query: QueryParams, table: Table, params: SqlParams): string {
  const conditions = conditionsSql(query.filters.get('') ?? [], query.logic.get('') ?? [], {
    alias: table.name,
    params,
    columnType: (name) => table.columns.get(name)?.type,
  });
  return conditions.length ? ` where ${conditions.join(' and ')}` : '';
}

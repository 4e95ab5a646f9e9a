import type { Queryable } from '../db';
import { MAX_ROWS } from '../../../src/domain/limits';
import type { Preferences } from './preferences';
import {
  cappedRange,
  checkEmbedPaths,
  createBuildContext,
  levelConditions,
  orderSql,
  rangeSql,
  selectList,
  type Level,
} from './readQuery';
import { bodySql, cappedBodySql, checkBodySize, type Outcome } from './response';
import type { SchemaCache } from './schemaCache';
import { SqlParams } from './sql';
import type { QueryParams, RangeSpec } from './types';
import type { Accept } from './preferences';

/** Where the rows of a read come from: a table, or a function call (with its own setup CTEs). */
export interface RowSource {
  /**
   * `from`: `"public"."t" as "t"` or `pgrst_args, lateral "public"."fn"(...) as "fn"`;
   * `with`: CTEs the `from` needs, e.g. the function arguments.
   */
  build: (params: SqlParams) => { from: string; with?: string };
  level: Level;
}

/**
 * Runs a read: select list, embeds, filters, order and range in one statement, with the count
 * inline (exact, or up to max-rows + 1 for `count=estimated`); a planned count, and an estimated
 * one past max-rows, come from EXPLAIN, as PostgREST's do.
 */
export async function runRead(
  tx: Queryable,
  cache: SchemaCache,
  query: QueryParams,
  source: RowSource,
  { accept, prefs, range }: { accept: Accept; prefs: Preferences; range: RangeSpec },
): Promise<Outcome> {
  const ctx = createBuildContext(cache, query);
  const built = source.build(ctx.params);
  const withSql = built.with ? `${built.with}, ` : '';
  const from = built.from;
  const list = selectList(ctx, source.level, query.select).join(', ');
  const conditions = levelConditions(ctx, source.level, query.select);
  checkEmbedPaths(ctx);
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const page = `select ${list} from ${from}${where}${orderSql(ctx, source.level, query.select)}${rangeSql(cappedRange(range), ctx.params)}`;
  // As PostgREST's read statement: the count inline, limited to max-rows + 1 for `count=estimated`
  // (past that, the planner's estimate is asked below).
  const inlineCount =
    prefs.count === 'exact'
      ? `(select count(*) from ${from}${where})`
      : prefs.count === 'estimated'
        ? `(select count(*) from (select 1 from ${from}${where} limit ${MAX_ROWS + 1}) pgrst_limited)`
        : 'null::bigint';
  const sql = cappedBodySql(
    `${withSql}pgrst_source as (${page})`,
    `select ${inlineCount} as total, count(*)::int as page_count, ${bodySql(accept)} as pgrst_body
    from (select * from pgrst_source) _postgrest_t`,
    ['total', 'page_count'],
  );
  const row = (
    await tx.query<{
      total: number | string | null;
      page_count: number;
      body: string;
      body_bytes: number | null;
    }>(sql, ctx.params.values)
  ).rows[0];
  checkBodySize(row);
  let total = row.total === null ? null : Number(row.total);
  if (prefs.count === 'planned' || (prefs.count === 'estimated' && (total ?? 0) > MAX_ROWS)) {
    total = await plannedCount(tx, cache, query, source, total ?? 0);
  }
  return { body: row.body, pageCount: row.page_count, total };
}

/**
 * The filtered row count as the planner estimates it: `count=planned`, and `count=estimated` past
 * max-rows, where PostgREST's total is never below the rows it counted (`counted`, max-rows + 1).
 */
async function plannedCount(
  tx: Queryable,
  cache: SchemaCache,
  query: QueryParams,
  source: RowSource,
  counted: number,
): Promise<number> {
  const ctx = createBuildContext(cache, query);
  const built = source.build(ctx.params);
  const withSql = built.with ? `with ${built.with} ` : '';
  const conditions = levelConditions(ctx, source.level, query.select);
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const plan = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) ${withSql}select 1 from ${built.from}${where}`,
    ctx.params.values,
  );
  const raw = plan.rows[0]['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  return Math.max(counted, parsed[0].Plan['Plan Rows']);
}

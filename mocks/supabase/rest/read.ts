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
 * Runs a read: select list, embeds, filters, order and range in one statement, with the exact
 * count inline; planned/estimated counts come from EXPLAIN like PostgREST's.
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
  const exactCount = prefs.count === 'exact' ? `(select count(*) from ${from}${where})` : 'null::bigint';
  const sql = cappedBodySql(
    `${withSql}pgrst_source as (${page})`,
    `select ${exactCount} as total, count(*)::int as page_count, ${bodySql(accept)} as pgrst_body
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
  if (prefs.count === 'planned' || prefs.count === 'estimated') {
    total = await estimatedCount(tx, cache, query, source, prefs.count);
  }
  return { body: row.body, pageCount: row.page_count, total };
}

/** The filtered row count: planner's estimate (planned), or exact up to a threshold (estimated). */
async function estimatedCount(
  tx: Queryable,
  cache: SchemaCache,
  query: QueryParams,
  source: RowSource,
  kind: 'planned' | 'estimated',
): Promise<number> {
  const fromWhere = () => {
    const ctx = createBuildContext(cache, query);
    const built = source.build(ctx.params);
    const withSql = built.with ? `with ${built.with} ` : '';
    const from = built.from;
    const conditions = levelConditions(ctx, source.level, query.select);
    return { ctx, withSql, from, where: conditions.length ? ` where ${conditions.join(' and ')}` : '' };
  };
  let counted = 0;
  // Up to max-rows `count=estimated` counts exactly; past it, the planner's estimate (as PostgREST).
  if (kind === 'estimated') {
    const q = fromWhere();
    const sql = `${q.withSql}select count(*)::int as n from (select 1 from ${q.from}${q.where} limit ${MAX_ROWS + 1}) c`;
    counted = (await tx.query<{ n: number }>(sql, q.ctx.params.values)).rows[0].n;
    if (counted <= MAX_ROWS) return counted;
  }
  const q = fromWhere();
  const plan = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) ${q.withSql}select 1 from ${q.from}${q.where}`,
    q.ctx.params.values,
  );
  const raw = plan.rows[0]['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  // PostgREST's estimated total is never below the rows it counted (max-rows + 1).
  return Math.max(counted, parsed[0].Plan['Plan Rows']);
}

import type { Queryable } from '../db';
import { ambiguousFunction, functionNotFound, invalidBody } from './errors';
import type { Accept, Preferences } from './preferences';
import { runRead } from './read';
import { type Outcome } from './response';
import { closestName, type Routine, type SchemaCache } from './schemaCache';
import { ident, qualified, SqlParams } from './sql';
import type { QueryParams, RangeSpec } from './types';

/** A function call: the function chosen and how its arguments are passed. */
export type Call =
  | { routine: Routine; mode: 'named'; args: Record<string, unknown> }
  | { routine: Routine; mode: 'single'; body: unknown };

const isJsonParam = (r: Routine) =>
  r.params.length === 1 && (r.params[0].type === 'json' || r.params[0].type === 'jsonb');

/** `(a, b)`: a parameter list as PostgREST's hints compare and show it, names sorted. */
const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`;

/**
 * PostgREST's noRpcHint: for a name no function has, the closest function name (similarity at
 * least 0.75); for a function that exists, the closest of its overloads' parameter lists (at least
 * 0.33: parameter names are no secret).
 */
function noRpcHint(cache: SchemaCache, name: string, given: string[], overloads: Routine[]): string | null {
  const closest = overloads.length
    ? closestName(
        paramList(given),
        overloads.map((r) => paramList(r.params.map((p) => p.name))),
        0.33,
      )
    : closestName(name, cache.routines.keys());
  if (closest === null) return null;
  return `Perhaps you meant to call the function public.${overloads.length ? name + closest : closest}`;
}

/** Picks the function PostgREST would call for these named arguments (overloads by argument names). */
export function chooseRoutine(
  cache: SchemaCache,
  name: string,
  body: unknown,
  prefs: Preferences,
  viaPost: boolean,
): Call {
  const overloads = cache.routines.get(name) ?? [];
  const args =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  const given = args ? Object.keys(args) : [];
  if (prefs.params === 'single-object') {
    const single = overloads.find(isJsonParam);
    if (single) return { routine: single, mode: 'single', body };
  }
  if (args) {
    const named = overloads.filter(
      (r) =>
        r.params.every((p) => p.name !== '') &&
        given.every((g) => r.params.some((p) => p.name === g)) &&
        r.params.every((p) => p.hasDefault || given.includes(p.name)),
    );
    if (named.length === 1) return { routine: named[0], mode: 'named', args };
    if (named.length > 1) {
      throw ambiguousFunction(
        named.map((r) => `public.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`),
      );
    }
  }
  const unnamedJson = overloads.find((r) => isJsonParam(r) && r.params[0].name === '');
  if (unnamedJson) return { routine: unnamedJson, mode: 'single', body };
  if (!args && body !== undefined) throw invalidBody();
  throw functionNotFound(name, given, noRpcHint(cache, name, given, overloads), viaPost);
}

/** `"public"."fn"("a" := pgrst_args."a")`, with the arguments decoded by json_to_record. */
function callSql(call: Call, params: SqlParams): { with?: string; call: string; from: string } {
  const fn = qualified(call.routine.name);
  if (call.mode === 'single') {
    const type = call.routine.params[0].type;
    return { call: `${fn}(${params.add(JSON.stringify(call.body ?? {}))}::${type})`, from: '' };
  }
  const passed = call.routine.params.filter((p) => p.name in call.args);
  if (passed.length === 0) return { call: `${fn}()`, from: '' };
  const definitions = passed.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  return {
    with: `pgrst_args as (select * from json_to_record(${params.add(JSON.stringify(call.args))}::json) as pgrst_a(${definitions}))`,
    call: `${fn}(${passed.map((p) => `${ident(p.name)} := pgrst_args.${ident(p.name)}`).join(', ')})`,
    from: 'pgrst_args, ',
  };
}

/** Calls the function; set-returning and composite results are read like a table (select, filters, order, range, count). */
export async function runRpc(
  tx: Queryable,
  cache: SchemaCache,
  query: QueryParams,
  call: Call,
  { accept, prefs, range }: { accept: Accept; prefs: Preferences; range: RangeSpec },
): Promise<Outcome & { kind: 'void' | 'scalar' | 'rows' }> {
  const { routine } = call;
  if (routine.returnKind === 'composite') {
    const rowType = routine.returnType.replace(/^public\./, '');
    const outcome = await runRead(
      tx,
      cache,
      query,
      {
        build: (params) => {
          const c = callSql(call, params);
          return { with: c.with, from: `${c.from}lateral ${c.call} as ${ident(routine.name)}` };
        },
        level: { alias: routine.name, table: cache.tables.get(rowType), path: '' },
      },
      { accept: routine.returnsSet ? accept : { ...accept, type: 'object' }, prefs, range },
    );
    return { ...outcome, kind: 'rows' };
  }
  const params = new SqlParams();
  const c = callSql(call, params);
  const withSql = c.with ? `with ${c.with} ` : '';
  if (routine.returnKind === 'void') {
    await tx.query(
      `${withSql}select ${c.call} from ${c.from ? 'pgrst_args' : '(select) pgrst_none'}`,
      params.values,
    );
    return { body: '', pageCount: 0, total: null, kind: 'void' };
  }
  const from = c.from ? 'pgrst_args' : '(select) pgrst_none';
  const sql = routine.returnsSet
    ? `${withSql}select coalesce(json_agg(pgrst_scalar), '[]')::text as body, count(*)::int as page_count
       from (select ${c.call} as pgrst_scalar from ${from}) pgrst_rows`
    : `${withSql}select coalesce(to_json(${c.call})::text, 'null') as body, 1 as page_count from ${from}`;
  const row = (await tx.query<{ body: string; page_count: number }>(sql, params.values)).rows[0];
  return { body: row.body, pageCount: row.page_count, total: null, kind: 'scalar' };
}

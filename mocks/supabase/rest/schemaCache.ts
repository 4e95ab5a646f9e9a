import type { Database } from '../db';
import { DB_CONFIG_SQL, dbConfigFrom, type DbConfig } from './dbConfig';
import { ident } from './sql';

export interface Column {
  name: string;
  /** format_type(): usable in SQL, e.g. `integer`, `text[]`, `character varying(50)`. */
  type: string;
  nullable: boolean;
  /** The default expression (pg_get_expr), or null. */
  defaultExpr: string | null;
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets of primary-key and unique constraints (for one-to-one embeds). */
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Routine {
  name: string;
  params: RoutineParam[];
  returnType: string;
  returnsSet: boolean;
  /** scalar: a base/domain/enum type; composite: a row type or record (RETURNS TABLE/OUT); void. */
  returnKind: 'scalar' | 'composite' | 'void';
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  /** Role settings and pgrst.* configuration, reloaded with the schema. */
  config: DbConfig;
  /** The catalog's rows it was built from (the demo keeps them: demo/schemaCatalog.ts). */
  catalog: SchemaCatalog;
}

const caches = new WeakMap<Database, Promise<SchemaCache>>();

/** The `public` schema as PostgREST's schema cache sees it; loaded once per Database. */
export function getSchemaCache(db: Database): Promise<SchemaCache> {
  let cache = caches.get(db);
  if (!cache) {
    cache = readSchemaCatalog(db).then(schemaCacheFrom);
    cache.catch(() => caches.delete(db));
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Gives a Database the schema cache of a catalog read earlier, without reading it again: the
 * demo keeps one with its data, so a page load does not wait for the catalog (demo/schemaCatalog.ts).
 */
export function startSchemaCacheFrom(db: Database, catalog: SchemaCatalog) {
  caches.set(db, Promise.resolve(schemaCacheFrom(catalog)));
}

/**
 * Like PostgREST's `NOTIFY pgrst, 'reload schema'`: the next request re-reads the catalog, and no
 * statement prepared before runs again (PostgREST flushes its pool, and with it its connections'
 * prepared statements, after loading its schema cache: src/PostgREST/AppState.hs,
 * retryingSchemaCacheLoad). The next request waits for that: the database serves callers in order.
 */
export async function reloadSchemaCache(db: Database) {
  caches.delete(db);
  await db.forgetStatements?.();
}

/**
 * Runs each query as a column of ONE statement, its rows as a JSON array: one trip to the database
 * (the demo's PGlite is in a worker, and a query there is several round trips to it).
 */
async function readCatalog<Rows extends Record<string, unknown[]>>(
  db: Database,
  queries: { [K in keyof Rows]: string },
): Promise<Rows> {
  const columns = Object.entries(queries).map(
    ([name, sql]) => `(select coalesce(json_agg(r), '[]') from (${sql as string}) r) as ${ident(name)}`,
  );
  return (await db.query<Rows>(`select ${columns.join(', ')}`)).rows[0];
}

const COLUMNS_SQL = `
    select c.relname as table, c.relkind, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
           coalesce(a.attnotnull, false) as notnull, pg_get_expr(d.adbin, d.adrelid) as default_expr
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
    order by c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
    select con.conname as name, con.contype::text as type, cl.relname as table,
      array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
      fcl.relname as ref_table,
      array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as ref_columns
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    left join pg_class fcl on fcl.oid = con.confrelid
    left join pg_namespace fn on fn.oid = fcl.relnamespace
    where n.nspname = 'public' and (con.contype in ('p', 'u') or (con.contype = 'f' and fn.nspname = 'public'))
    order by con.conname`;

const PROCS_SQL = `
    select p.proname as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
      array(select format_type(t, null) from unnest(p.proargtypes) with ordinality x(t, ord) order by ord) as arg_types,
      p.pronargs as nargs, p.pronargdefaults as ndefaults, format_type(p.prorettype, null) as return_type,
      p.proretset as retset, t.typtype::text as typtype, (t.typrelid <> 0 or t.oid = 'record'::regtype) as is_composite,
      p.provolatile::text as volatility
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
    where n.nspname = 'public' and p.prokind = 'f'
    order by p.proname, p.oid`;

/** What the schema cache is built from: the catalog's rows, as JSON (so it can be kept). */
export type SchemaCatalog = {
  columns: {
    table: string;
    relkind: string;
    column: string | null;
    type: string;
    notnull: boolean;
    default_expr: string | null;
  }[];
  constraints: {
    name: string;
    type: string;
    table: string;
    columns: string[];
    ref_table: string | null;
    ref_columns: string[] | null;
  }[];
  procs: {
    name: string;
    arg_names: string[] | null;
    arg_modes: string[] | null;
    arg_types: string[];
    nargs: number;
    ndefaults: number;
    return_type: string;
    retset: boolean;
    typtype: string;
    is_composite: boolean;
    volatility: string;
  }[];
  roleSettings: { role: string; key: string; value: string }[];
  preRequest: { value: string }[];
};

/** The catalog's rows for the schema cache, in one statement; in the same order on every read. */
export function readSchemaCatalog(db: Database): Promise<SchemaCatalog> {
  return readCatalog<SchemaCatalog>(db, {
    columns: COLUMNS_SQL,
    constraints: CONSTRAINTS_SQL,
    procs: PROCS_SQL,
    ...DB_CONFIG_SQL,
  });
}

export function schemaCacheFrom(catalog: SchemaCatalog): SchemaCache {
  const tables = new Map<string, Table>();
  for (const row of catalog.columns) {
    let table = tables.get(row.table);
    if (!table) {
      table = {
        name: row.table,
        kind: row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table',
        columns: new Map(),
        primaryKey: [],
        uniqueKeys: [],
      };
      tables.set(row.table, table);
    }
    if (row.column) {
      table.columns.set(row.column, {
        name: row.column,
        type: row.type,
        nullable: !row.notnull,
        defaultExpr: row.default_expr,
      });
    }
  }

  const foreignKeys: ForeignKey[] = [];
  for (const con of catalog.constraints) {
    const table = tables.get(con.table);
    if (!table) continue;
    if (con.type === 'p') table.primaryKey = con.columns;
    if (con.type === 'p' || con.type === 'u') table.uniqueKeys.push(con.columns);
    if (con.type === 'f' && con.ref_table) {
      foreignKeys.push({
        name: con.name,
        table: con.table,
        columns: con.columns,
        refTable: con.ref_table,
        refColumns: con.ref_columns ?? [],
      });
    }
  }

  const routines = new Map<string, Routine[]>();
  for (const p of catalog.procs) {
    const names = p.arg_names ?? [];
    const modes = p.arg_modes ?? names.map(() => 'i');
    // IN/INOUT/VARIADIC arguments, in order, line up with proargtypes.
    const inNames = names.length ? names.filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i')) : [];
    const params = p.arg_types.map((type, i) => ({
      name: inNames[i] ?? '',
      type,
      hasDefault: i >= p.nargs - p.ndefaults,
    }));
    const routine: Routine = {
      name: p.name,
      params,
      returnType: p.return_type,
      returnsSet: p.retset,
      returnKind: p.return_type === 'void' ? 'void' : p.is_composite ? 'composite' : 'scalar',
      volatility: p.volatility === 'i' ? 'immutable' : p.volatility === 's' ? 'stable' : 'volatile',
    };
    routines.set(p.name, [...(routines.get(p.name) ?? []), routine]);
  }
  return { tables, foreignKeys, routines, config: dbConfigFrom(catalog), catalog };
}

/** Closest name with PostgREST's fuzzy-hint threshold (similarity >= 0.75), for "Perhaps you meant". */
export function closestName(name: string, candidates: Iterable<string>, minScore = 0.75): string | null {
  let best: string | null = null;
  let bestScore = minScore;
  for (const candidate of candidates) {
    const score = similarity(name.toLowerCase(), candidate.toLowerCase());
    if (score >= bestScore && candidate !== name) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}

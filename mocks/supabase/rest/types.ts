/** The parsed forms of PostgREST's query-string grammar (mirrors PostgREST.ApiRequest.Types). */

export interface JsonStep {
  arrow: '->' | '->>';
  key: string | number;
}

export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type SimpleOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj';

export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';

export type Operation =
  | { kind: 'op'; op: SimpleOperator; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'true' | 'false' | 'unknown' }
  | { kind: 'fts'; op: FtsOperator; language?: string; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  /** `order=rel(column)`: a column of a to-one embed of the level, by its alias or name. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; cast?: string; alias?: string }
  | { kind: 'relation'; name: string; alias?: string; hint?: string; inner: boolean; children: SelectItem[] };

/** limit/offset of one level (root: path []) after combining query params and the Range header. */
export interface RangeSpec {
  offset: number;
  limit?: number;
}

/** Everything the query string says, grouped by embed path ('' is the root, 'a.b' nested). */
export interface QueryParams {
  select: SelectItem[];
  filters: Map<string, Filter[]>;
  logic: Map<string, LogicTree[]>;
  order: Map<string, OrderTerm[]>;
  ranges: Map<string, RangeSpec>;
  columns?: string[];
  onConflict?: string[];
  /** name=value pairs without an operator: RPC arguments on GET. */
  rpcArgs: Array<[string, string]>;
  /** Each cast's type name → the quoted catalog type it resolved to (filled by resolveCastTypes). */
  castTypes: Map<string, string>;
}

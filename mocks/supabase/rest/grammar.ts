import { queryParamError, unsupported } from './errors';
import type {
  Field,
  Filter,
  FtsOperator,
  JsonStep,
  LogicTree,
  Operation,
  OrderTerm,
  SelectItem,
  SimpleOperator,
} from './types';

/**
 * Recursive-descent parsers for PostgREST's query-string grammar (select, filters, logic trees,
 * order, column lists). Failures answer PGRST100 with PostgREST's message shape:
 * `"failed to parse filter (noop.0)" (line 1, column 6)` and the parse error as details.
 */

const SIMPLE_OPERATORS = new Set<SimpleOperator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
]);
const FTS_OPERATORS = new Set<FtsOperator>(['fts', 'plfts', 'phfts', 'wfts']);

export const isSimpleOperator = (s: string): s is SimpleOperator => SIMPLE_OPERATORS.has(s as SimpleOperator);
export const isFtsOperator = (s: string): s is FtsOperator => FTS_OPERATORS.has(s as FtsOperator);

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;

/** A cast's target: a type name (letters, digits, `_`) with an optional `[]`, nothing else. */
const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\[\])?/;

/**
 * How deep select embeds and and/or trees may nest. Real PostgREST parses deeper (Postgres itself
 * gives up near 10,000 levels); no client nests this far, and a recursive parser must stop
 * somewhere before the JavaScript stack does.
 */
export const MAX_NESTING = 100;

class Cursor {
  pos = 0;
  depth = 0;
  constructor(
    readonly input: string,
    readonly label: string,
  ) {}

  get rest() {
    return this.input.slice(this.pos);
  }
  atEnd() {
    return this.pos >= this.input.length;
  }
  peek(n = 1) {
    return this.input.slice(this.pos, this.pos + n);
  }
  lookingAt(s: string) {
    return this.input.startsWith(s, this.pos);
  }
  eat(s: string) {
    if (!this.lookingAt(s)) return false;
    this.pos += s.length;
    return true;
  }
  skipSpaces() {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }
  expect(s: string) {
    if (!this.eat(s)) this.fail(`expecting "${s}"`);
  }
  fail(expecting: string): never {
    const unexpected = this.atEnd() ? 'unexpected end of input' : `unexpected "${this.peek()}"`;
    throw queryParamError(`"${this.label}" (line 1, column ${this.pos + 1})`, `${unexpected} ${expecting}`);
  }
  /** Runs p one nesting level deeper (an embed's children, a logic tree's operands). */
  nested<T>(what: string, p: () => T): T {
    if (this.depth >= MAX_NESTING) throw unsupported(`${what} nested more than ${MAX_NESTING} levels deep`);
    this.depth += 1;
    try {
      return p();
    } finally {
      this.depth -= 1;
    }
  }
  /** Runs p; on a parse failure restores the position and returns undefined (parsec's `try`). */
  attempt<T>(p: () => T): T | undefined {
    const start = this.pos;
    try {
      return p();
    } catch (error) {
      if (isParseFailure(error)) {
        this.pos = start;
        return undefined;
      }
      throw error;
    }
  }
}

const isParseFailure = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { body?: { code?: string } }).body?.code === 'PGRST100' &&
  !(error as Error).message.startsWith('Unsupported');

function run<T>(input: string, label: string, p: (c: Cursor) => T, requireEnd = true): T {
  const c = new Cursor(input, label);
  const result = p(c);
  c.skipSpaces();
  if (requireEnd && !c.atEnd()) c.fail('expecting end of input');
  return result;
}

// --- names and fields ---

function quotedValue(c: Cursor): string {
  c.expect('"');
  let out = '';
  while (!c.atEnd() && c.peek() !== '"') {
    if (c.peek() === '\\') c.pos += 1;
    out += c.peek();
    c.pos += 1;
  }
  c.expect('"');
  return out;
}

function identifier(c: Cursor): string {
  const start = c.pos;
  while (!c.atEnd() && IDENTIFIER_CHAR.test(c.peek())) c.pos += 1;
  if (c.pos === start) c.fail('expecting field name (* or [a..z0..9_$])');
  return c.input.slice(start, c.pos).trim();
}

function fieldName(c: Cursor): string {
  c.skipSpaces();
  if (c.peek() === '"') return quotedValue(c);
  const parts = [identifier(c)];
  while (c.peek() === '-' && c.peek(2) !== '->') {
    c.pos += 1;
    parts.push(identifier(c));
  }
  return parts.join('-');
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = c.eat('->>') ? '->>' : c.eat('->') ? '->' : undefined;
    if (!arrow) return steps;
    const index = /^(-?\d+)(?=->|::|\.|,|\)|$)/.exec(c.rest);
    if (index) {
      c.pos += index[1].length;
      steps.push({ arrow, key: Number(index[1]) });
    } else steps.push({ arrow, key: fieldName(c) });
  }
}

function field(c: Cursor): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.skipSpaces();
  return { name, jsonPath: path };
}

// --- select ---

function selectForest(c: Cursor): SelectItem[] {
  const items = [selectItem(c)];
  for (;;) {
    c.skipSpaces();
    if (!c.eat(',')) return items;
    items.push(selectItem(c));
  }
}

function selectItem(c: Cursor): SelectItem {
  c.skipSpaces();
  if (c.lookingAt('..')) throw unsupported('spread embeds (..relation) in select');
  const relation = c.attempt(() => relationHead(c));
  if (relation) {
    c.expect('(');
    c.skipSpaces();
    // `rel()`: an empty embed, there only to filter by (PostgREST answers no key for it).
    const children = c.peek() === ')' ? [] : c.nested('embedded resources', () => selectForest(c));
    c.skipSpaces();
    c.expect(')');
    return { ...relation, children };
  }
  if (c.eat('*')) {
    selectItemEnd(c);
    return { kind: 'star' };
  }
  const alias = c.attempt(() => {
    const name = fieldName(c);
    if (!c.eat(':') || c.peek() === ':') c.fail('expecting ":"');
    return name;
  });
  const f = field(c);
  let cast: string | undefined;
  if (c.eat('::')) cast = typeName(c);
  selectItemEnd(c);
  return { kind: 'field', field: f, ...(cast ? { cast } : {}), ...(alias ? { alias } : {}) };
}

function typeName(c: Cursor): string {
  const m = TYPE_NAME.exec(c.rest);
  if (!m) c.fail('expecting a type name ([a..z0..9_] with an optional [])');
  c.pos += m[0].length;
  return m[0];
}

function selectItemEnd(c: Cursor) {
  c.skipSpaces();
  if (!(c.atEnd() || c.peek() === ',' || c.peek() === ')')) c.fail('expecting ")", "," or end of input');
}

function relationHead(c: Cursor): Omit<Extract<SelectItem, { kind: 'relation' }>, 'children'> {
  const alias = c.attempt(() => {
    const name = fieldName(c);
    if (!c.eat(':') || c.peek() === ':') c.fail('expecting ":"');
    return name;
  });
  const name = fieldName(c);
  let hint: string | undefined;
  let inner = false;
  for (let i = 0; i < 2 && c.eat('!'); i += 1) {
    if (c.eat('inner')) inner = true;
    else if (!c.eat('left')) hint = fieldName(c);
  }
  if (c.peek() !== '(') c.fail('expecting "("');
  return { kind: 'relation', name, inner, ...(alias ? { alias } : {}), ...(hint ? { hint } : {}) };
}

export const parseSelect = (value: string) =>
  run(value, `failed to parse select parameter (${value})`, selectForest);

// --- filters ---

function listValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(');
  const values: string[] = [];
  do {
    const quoted = c.attempt(() => {
      const v = quotedValue(c);
      if (!(c.peek() === ',' || c.peek() === ')')) c.fail('expecting "," or ")"');
      return v;
    });
    if (quoted !== undefined) values.push(quoted);
    else {
      const start = c.pos;
      while (!c.atEnd() && c.peek() !== ',' && c.peek() !== ')') c.pos += 1;
      values.push(c.input.slice(start, c.pos));
    }
  } while (c.eat(','));
  c.expect(')');
  c.skipSpaces();
  return values;
}

/** A value inside or=(...): quoted, a {pg,array}, or anything up to , or ). */
function logicSingleValue(c: Cursor): string {
  const quoted = c.attempt(() => {
    const v = quotedValue(c);
    if (!(c.atEnd() || c.peek() === ',' || c.peek() === ')')) c.fail('expecting "," or ")"');
    return v;
  });
  if (quoted !== undefined) return quoted;
  const array = /^\{[^{}]*\}/.exec(c.rest);
  if (array) {
    c.pos += array[0].length;
    return array[0];
  }
  const start = c.pos;
  while (!c.atEnd() && c.peek() !== ',' && c.peek() !== ')') c.pos += 1;
  return c.input.slice(start, c.pos);
}

const restOfInput = (c: Cursor) => {
  const v = c.rest;
  c.pos = c.input.length;
  return v;
};

/** `negated`: "not." was read, so the parser no longer also expects it (parsec's wording). */
function operation(c: Cursor, singleValue: (c: Cursor) => string, negated: boolean): Operation {
  if (c.eat('in.')) return { kind: 'in', values: listValue(c) };
  if (c.eat('is.')) {
    const m = /^(null|unknown|true|false)/i.exec(c.rest);
    if (!m) c.fail('expecting null or trilean value (unknown, true, false)');
    c.pos += m[0].length;
    return { kind: 'is', value: m[0].toLowerCase() as 'null' | 'true' | 'false' | 'unknown' };
  }
  const fts = /^([^.(]*)(?:\(([\p{L}\p{N}_ $]+)\))?\./u.exec(c.rest);
  if (fts && isFtsOperator(fts[1])) {
    c.pos += fts[0].length;
    return { kind: 'fts', op: fts[1], ...(fts[2] ? { language: fts[2].trim() } : {}), value: singleValue(c) };
  }
  const dot = c.rest.indexOf('.');
  if (dot < 0)
    c.fail(negated ? 'expecting operator (eq, gt, ...)' : 'expecting "not" or operator (eq, gt, ...)');
  const op = c.rest.slice(0, dot);
  if (/^\w+\((any|all)\)$/.test(op)) throw unsupported(`the operator modifier ${op}`);
  if (!isSimpleOperator(op))
    throw queryParamError(
      `"${c.label}" (line 1, column ${c.pos + dot + 2})`,
      `unknown single value operator ${op}`,
    );
  c.pos += dot + 1;
  return { kind: 'op', op, value: singleValue(c) };
}

function opExpr(c: Cursor, singleValue: (c: Cursor) => string): Pick<Filter, 'negated' | 'operation'> {
  const negated = c.eat('not.');
  return { negated, operation: operation(c, singleValue, negated) };
}

/** The value of `column=<value>`, e.g. `not.in.(1,2)`. */
export const parseFilterValue = (value: string) =>
  run(value, `failed to parse filter (${value})`, (c) => opExpr(c, restOfInput));

/**
 * A filter, order, limit or offset key as PostgREST's pTreePath reads it: the embed path, the field
 * and its JSON path are taken from the start of the key and the rest is ignored (the parser does
 * not require the end of input). So `title[0]` and `title[1]`, which qs writes for an array value,
 * both name `title`, and repeated keys become separate filters that are ANDed.
 */
export function parseTreePath(key: string): { path: string[]; field: Field } {
  return run(
    key,
    `failed to parse tree path (${key})`,
    (c) => {
      const names = [fieldName(c)];
      while (c.eat('.')) names.push(fieldName(c));
      const path = jsonPath(c);
      return { path: names.slice(0, -1), field: { name: names[names.length - 1], jsonPath: path } };
    },
    false,
  );
}

function logicTree(c: Cursor): LogicTree {
  const filter = c.attempt((): Filter => {
    const f = field(c);
    c.expect('.');
    return { field: f, ...opExpr(c, logicSingleValue) };
  });
  if (filter) return { kind: 'filter', filter };
  const negated = c.eat('not.');
  const op = c.eat('and') ? 'and' : c.eat('or') ? 'or' : c.fail('expecting logic operator (and, or)');
  c.skipSpaces();
  c.expect('(');
  const children = c.nested('and/or trees', () => {
    const list = [logicTree(c)];
    for (;;) {
      c.skipSpaces();
      if (!c.eat(',')) return list;
      c.skipSpaces();
      list.push(logicTree(c));
    }
  });
  c.skipSpaces();
  c.expect(')');
  return { kind: 'expr', negated, op, children };
}

/**
 * `or=(a.eq.1,b.gt.2)` with key `or`, `not.or`, `messages.and`, ...: the key is read as PostgREST's
 * pLogicPath reads it (names separated by dots from its start; `not` anywhere negates).
 */
export function parseLogic(key: string, value: string): { path: string[]; tree: LogicTree } {
  const names = run(
    key,
    `failed to parse logic path (${key})`,
    (c) => {
      const list = [fieldName(c)];
      while (c.eat('.')) list.push(fieldName(c));
      return list;
    },
    false,
  );
  const op = names[names.length - 1];
  const negated = names.includes('not');
  const path = names.slice(0, -1).filter((n) => n !== 'not');
  const tree = run(
    `${negated ? 'not.' : ''}${op}${value}`,
    `failed to parse logic tree (${value})`,
    logicTree,
  );
  return { path, tree };
}

function orderTerm(c: Cursor): OrderTerm {
  c.skipSpaces();
  let f = field(c);
  let relation: string | undefined;
  if (c.peek() === '(' && f.jsonPath.length === 0) {
    relation = f.name;
    c.pos += 1;
    f = field(c);
    c.expect(')');
  }
  let direction: OrderTerm['direction'];
  let nulls: OrderTerm['nulls'];
  if (c.eat('.asc')) direction = 'asc';
  else if (c.eat('.desc')) direction = 'desc';
  if (c.eat('.nullsfirst')) nulls = 'first';
  else if (c.eat('.nullslast')) nulls = 'last';
  c.skipSpaces();
  if (!(c.atEnd() || c.peek() === ',')) {
    if (c.peek() === '.') c.pos += 1;
    c.fail(
      direction || nulls
        ? 'expecting "," or end of input'
        : 'expecting "asc", "desc", "nullsfirst" or "nullslast"',
    );
  }
  return {
    ...(relation ? { relation } : {}),
    field: f,
    ...(direction ? { direction } : {}),
    ...(nulls ? { nulls } : {}),
  };
}

export const parseOrder = (value: string) =>
  run(value, `failed to parse order (${value})`, (c) => {
    const terms = [orderTerm(c)];
    while (c.eat(',')) terms.push(orderTerm(c));
    return terms;
  });

export const parseColumnList = (value: string, what: 'columns' | 'on_conflict') =>
  run(value, `failed to parse ${what} parameter (${value})`, (c) => {
    const names = [fieldName(c)];
    for (c.skipSpaces(); c.eat(','); c.skipSpaces()) names.push(fieldName(c));
    return names;
  });

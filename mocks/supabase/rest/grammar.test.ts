import { RestError } from './errors';
import { parseFilterValue, parseLogic, parseOrder, parseSelect } from './grammar';
import { applyRangeHeader, parseQueryParams } from './queryParams';

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, ...error.body };
    throw error;
  }
  throw new Error('expected a RestError');
};

describe('filter values', () => {
  test('operators, negation, lists with quoted values and is', () => {
    expect(parseFilterValue('eq.5')).toEqual({
      negated: false,
      operation: { kind: 'op', op: 'eq', value: '5' },
    });
    expect(parseFilterValue('not.ilike.*a.b*')).toEqual({
      negated: true,
      operation: { kind: 'op', op: 'ilike', value: '*a.b*' },
    });
    expect(parseFilterValue('in.("a,b",c,"d\\"e")')).toEqual({
      negated: false,
      operation: { kind: 'in', values: ['a,b', 'c', 'd"e'] },
    });
    expect(parseFilterValue('is.NULL')).toEqual({ negated: false, operation: { kind: 'is', value: 'null' } });
    expect(parseFilterValue('wfts(english).green tea')).toEqual({
      negated: false,
      operation: { kind: 'fts', op: 'wfts', language: 'english', value: 'green tea' },
    });
  });

  test('an unknown operator is PGRST100 with PostgREST message and details', () => {
    expect(errorOf(() => parseFilterValue('noop.0'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse filter (noop.0)" (line 1, column 6)',
      details: 'unknown single value operator noop',
      hint: null,
    });
  });

  // PostgREST's QuerySpec "fails if an operator is not given" (GET /ghostBusters?id=0).
  test('a value without an operator is PGRST100 in parsec wording, "not" expected only before it is read', () => {
    expect(errorOf(() => parseFilterValue('0'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse filter (0)" (line 1, column 1)',
      details: 'unexpected "0" expecting "not" or operator (eq, gt, ...)',
      hint: null,
    });
    expect(errorOf(() => parseFilterValue('not.0'))).toMatchObject({
      message: '"failed to parse filter (not.0)" (line 1, column 5)',
      details: 'unexpected "0" expecting operator (eq, gt, ...)',
    });
  });

  test('quantified operators are refused by name, not guessed', () => {
    expect(errorOf(() => parseFilterValue('like(any).{a*,b*}'))).toMatchObject({
      status: 400,
      code: 'PGRST100',
      message: 'Unsupported by the local stand-in: the operator modifier like(any)',
    });
  });
});

describe('logic trees', () => {
  test('nested and/or with not and quoted values', () => {
    expect(parseLogic('not.or', '(a.eq.1,and(b.in.(1,2),c.eq."x,y"))')).toEqual({
      path: [],
      tree: {
        kind: 'expr',
        negated: true,
        op: 'or',
        children: [
          {
            kind: 'filter',
            filter: {
              field: { name: 'a', jsonPath: [] },
              negated: false,
              operation: { kind: 'op', op: 'eq', value: '1' },
            },
          },
          {
            kind: 'expr',
            negated: false,
            op: 'and',
            children: [
              {
                kind: 'filter',
                filter: {
                  field: { name: 'b', jsonPath: [] },
                  negated: false,
                  operation: { kind: 'in', values: ['1', '2'] },
                },
              },
              {
                kind: 'filter',
                filter: {
                  field: { name: 'c', jsonPath: [] },
                  negated: false,
                  operation: { kind: 'op', op: 'eq', value: 'x,y' },
                },
              },
            ],
          },
        ],
      },
    });
    expect(parseLogic('messages.or', '(a.is.null)').path).toEqual(['messages']);
  });

  test('unbalanced parentheses are PGRST100', () => {
    expect(errorOf(() => parseLogic('or', '(a.eq.1,b.eq.2'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse logic tree ((a.eq.1,b.eq.2)" (line 1, column 17)',
      details: 'unexpected end of input expecting ")"',
      hint: null,
    });
  });
});

describe('order, select and ranges', () => {
  test('order terms with directions and nulls placement', () => {
    expect(parseOrder('rating.desc.nullslast,title,data->>kcal.asc.nullsfirst')).toEqual([
      { field: { name: 'rating', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'title', jsonPath: [] } },
      {
        field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'kcal' }] },
        direction: 'asc',
        nulls: 'first',
      },
    ]);
    expect(errorOf(() => parseOrder('id.sideways'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse order (id.sideways)" (line 1, column 4)',
      details: 'unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"',
      hint: null,
    });
  });

  test('select with renames, casts, JSON paths and embeds with hints and !inner', () => {
    expect(
      parseSelect(
        'id,label:title,rating::text,data->>kcal,author:rt_authors!author_id!inner(name),rt_comments(*)',
      ),
    ).toEqual([
      { kind: 'field', field: { name: 'id', jsonPath: [] } },
      { kind: 'field', field: { name: 'title', jsonPath: [] }, alias: 'label' },
      { kind: 'field', field: { name: 'rating', jsonPath: [] }, cast: 'text' },
      { kind: 'field', field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'kcal' }] } },
      {
        kind: 'relation',
        name: 'rt_authors',
        alias: 'author',
        hint: 'author_id',
        inner: true,
        children: [{ kind: 'field', field: { name: 'name', jsonPath: [] } }],
      },
      { kind: 'relation', name: 'rt_comments', inner: false, children: [{ kind: 'star' }] },
    ]);
    expect(errorOf(() => parseSelect('id,..rt_authors(name)'))).toMatchObject({
      code: 'PGRST100',
      message: 'Unsupported by the local stand-in: spread embeds (..relation) in select',
    });
  });

  test('query params: repeated keys, embedded paths, rpc arguments, bad limits', () => {
    const q = parseQueryParams(
      new URLSearchParams(
        'rating=gte.2&rating=lte.4&rt_comments.body=eq.x&rt_comments.limit=1&limit=5&offset=10',
      ),
      { forRpc: false },
    );
    expect(q.filters.get('')?.map((f) => f.operation)).toEqual([
      { kind: 'op', op: 'gte', value: '2' },
      { kind: 'op', op: 'lte', value: '4' },
    ]);
    expect(q.filters.get('rt_comments')).toHaveLength(1);
    expect(q.ranges.get('')).toEqual({ offset: 10, limit: 5 });
    expect(q.ranges.get('rt_comments')).toEqual({ offset: 0, limit: 1 });
    expect(parseQueryParams(new URLSearchParams('search=ram&id=gt.3'), { forRpc: true }).rpcArgs).toEqual([
      ['search', 'ram'],
    ]);
    expect(
      errorOf(() => parseQueryParams(new URLSearchParams('limit=abc'), { forRpc: false })),
    ).toMatchObject({ status: 400, code: 'PGRST100' });
    expect(
      errorOf(() => parseQueryParams(new URLSearchParams('name=Asha'), { forRpc: false })),
    ).toMatchObject({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse filter (Asha)" (line 1, column 1)',
    });
    expect(errorOf(() => parseQueryParams(new URLSearchParams('limit=-1'), { forRpc: false }))).toEqual({
      status: 416,
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
    });
  });

  test('filter keys: field and JSON path from the start of the key, the rest ignored (pTreePath)', () => {
    const q = parseQueryParams(
      new URLSearchParams(
        'title[0][0]=ilike.*a*&title[0][1]=ilike.*b*&title[1]=ilike.*c*&data->>kcal[x]=gt.1&rt_comments.body[0]=eq.y',
      ),
      { forRpc: false },
    );
    expect(q.filters.get('')).toEqual([
      {
        field: { name: 'title', jsonPath: [] },
        negated: false,
        operation: { kind: 'op', op: 'ilike', value: '*a*' },
      },
      {
        field: { name: 'title', jsonPath: [] },
        negated: false,
        operation: { kind: 'op', op: 'ilike', value: '*b*' },
      },
      {
        field: { name: 'title', jsonPath: [] },
        negated: false,
        operation: { kind: 'op', op: 'ilike', value: '*c*' },
      },
      {
        field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'kcal' }] },
        negated: false,
        operation: { kind: 'op', op: 'gt', value: '1' },
      },
    ]);
    expect(q.filters.get('rt_comments')).toEqual([
      {
        field: { name: 'body', jsonPath: [] },
        negated: false,
        operation: { kind: 'op', op: 'eq', value: 'y' },
      },
    ]);
  });

  test('the Range header intersects limit/offset', () => {
    expect(applyRangeHeader(undefined, '0-24')).toEqual({ offset: 0, limit: 25 });
    expect(applyRangeHeader({ offset: 5, limit: 10 }, '0-9')).toEqual({ offset: 5, limit: 5 });
    expect(applyRangeHeader(undefined, '10-')).toEqual({ offset: 10 });
    expect(applyRangeHeader({ offset: 0 }, 'garbage')).toEqual({ offset: 0 });
    expect(errorOf(() => applyRangeHeader(undefined, '5-1'))).toMatchObject({
      status: 416,
      code: 'PGRST103',
    });
  });
});

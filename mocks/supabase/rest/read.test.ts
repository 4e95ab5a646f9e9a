import { openFixture, SERVICE_ROLE_KEY, type Fixture } from './testFixture';

let f: Fixture;
beforeAll(async () => {
  f = await openFixture();
});
afterAll(async () => {
  await f.close();
});

const ids = async (path: string) => {
  const res = await f.rest(path);
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ id: number }>).map((r) => r.id);
};

describe('filters', () => {
  test.each([
    ['rating=eq.5', [1]],
    ['rating=neq.5', [2, 4, 5]],
    ['rating=gt.3', [1, 4]],
    ['rating=gte.3', [1, 2, 4]],
    ['rating=lt.3', [5]],
    ['rating=lte.3', [2, 5]],
    ['title=like.*oat*', [2]],
    ['title=ilike.*MILLET*', [1]],
    ['title=ilike.*100%25*', [6]],
    ['title=match.^R', [4]],
    ['title=imatch.^r', [4]],
    ['rating=in.(2,5)', [1, 5]],
    ['rating=is.null', [3, 6]],
    ['rating=not.is.null', [1, 2, 4, 5]],
    ['rating=not.in.(2,5)', [2, 4]],
    ['status=not.eq.draft', [1, 2, 4, 5]],
    ['tags=cs.{healthy}', [1, 4]],
    ['tags=cd.{breakfast,healthy}', [1, 2, 3, 4, 6]],
    ['tags=ov.{sweets,healthy}', [1, 4, 5]],
    ['data->>lang=eq.hi', [4]],
    ['data->kcal=gt.200', [1, 4]],
    ['rating=gte.2&rating=lte.4', [2, 4, 5]],
    ['or=(rating.gt.4,rating.is.null)', [1, 3, 6]],
    ['or=(status.eq.archived,and(rating.gte.4,tags.cs.{healthy}))', [1, 4, 5]],
    ['not.or=(rating.is.null,rating.lt.4)', [1, 4]],
    ['and=(status.eq.published,or(rating.eq.3,rating.eq.4))', [2, 4]],
    ['title=fts.ladoo', [5]],
  ])('%s', async (query, expected) => {
    expect(await ids(`/rt_posts?select=id&order=id&${query}`)).toEqual(expected);
  });

  test('in.() with quoted values containing commas and parentheses', async () => {
    expect(
      await ids(`/rt_authors?select=id&order=id&name=in.(${encodeURIComponent('"Dev, Jr. (II)",Asha')})`),
    ).toEqual([1, 4]);
    expect(
      await ids(`/rt_authors?select=id&or=(${encodeURIComponent('name.eq."Dev, Jr. (II)",city.eq.Delhi')})`),
    ).toEqual([2, 4]);
  });

  test('values are compared with the column type: a bad integer is 22P02 → 400', async () => {
    const res = await f.rest('/rt_posts?rating=eq.abc');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: '22P02',
      message: 'invalid input syntax for type integer: "abc"',
      details: null,
      hint: null,
    });
  });
});

describe('filter keys as PostgREST reads them (field and JSON path from the start of the key)', () => {
  test.each([
    // qs writes an array value as title[0]=…&title[1]=…: two filters on title, ANDed
    ['title[0]=ilike.*a*&title[1]=ilike.*d*', [4, 5]],
    // ra-data-postgrest nests a third word one level deeper: [[w1, w2], w3]
    ['title[0][0]=ilike.*a*&title[0][1]=ilike.*d*&title[1]=ilike.*l*', [5]],
    // a repeated key is one more ANDed filter
    ['title=ilike.*a*&title=ilike.*d*', [4, 5]],
    ['data->>lang[0]=eq.en&data->>lang[1]=neq.hi', [1, 2]],
  ])('%s', async (query, expected) => {
    expect(await ids(`/rt_posts?select=id&order=id&${query}`)).toEqual(expected);
  });

  test('the words ANDed give the rows of the SQL AND of the words', async () => {
    const { rows } = await f.db.query<{ id: number }>(
      `select id from public.rt_posts where title ilike '%a%' and title ilike '%d%' and title ilike '%l%' order by id`,
    );
    expect(
      await ids(
        '/rt_posts?select=id&order=id&title%5B0%5D%5B0%5D=ilike.*a*&title%5B0%5D%5B1%5D=ilike.*d*&title%5B1%5D=ilike.*l*',
      ),
    ).toEqual(rows.map((r) => r.id));
  });

  test('a key that does not start with a field name is still PGRST100', async () => {
    const res = await f.rest('/rt_posts?%5B0%5D=eq.1');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST100',
      message: '"failed to parse tree path ([0])" (line 1, column 1)',
      details: 'unexpected "[" expecting field name (* or [a..z0..9_$])',
      hint: null,
    });
  });
});

describe('select', () => {
  test('renames, casts, JSON paths and to-one / to-many embeds with embedded order and limit', async () => {
    const res = await f.rest(
      '/rt_posts?select=id,label:title,rating::text,kcal:data->>kcal,author:rt_authors(name,bio:rt_author_bios(bio)),rt_comments(body)&id=in.(1,3)&order=id&rt_comments.order=body.desc&rt_comments.limit=1',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        id: 1,
        label: 'Millet upma',
        rating: '5',
        kcal: '250',
        author: { name: 'Asha', bio: { bio: 'Writes about millets' } },
        rt_comments: [{ body: 'Too salty' }],
      },
      {
        id: 3,
        label: 'Poha',
        rating: null,
        kcal: null,
        author: { name: 'Ravi', bio: null },
        rt_comments: [],
      },
    ]);
  });

  test('!inner keeps only parents with a matching embedded row; embedded filters filter the embed', async () => {
    const inner = await f.rest(
      '/rt_posts?select=id,rt_authors!inner(name)&rt_authors.city=eq.Delhi&order=id',
    );
    expect(await inner.json()).toEqual([
      { id: 3, rt_authors: { name: 'Ravi' } },
      { id: 4, rt_authors: { name: 'Ravi' } },
    ]);
    const left = await f.rest(
      '/rt_authors?select=name,rt_posts(title)&rt_posts.rating=gte.4&order=id&limit=2',
    );
    expect(await left.json()).toEqual([
      { name: 'Asha', rt_posts: [{ title: 'Millet upma' }] },
      { name: 'Ravi', rt_posts: [{ title: 'Ragi dosa' }] },
    ]);
  });

  test('unknown column → 400 42703, unknown embed → 400 PGRST200, filter on a non-embedded path → PGRST108', async () => {
    const column = await f.rest('/rt_posts?select=id,nope');
    expect(column.status).toBe(400);
    expect(await column.json()).toEqual({
      code: '42703',
      message: 'column rt_posts.nope does not exist',
      details: null,
      hint: null,
    });
    const embed = await f.rest('/rt_posts?select=id,rt_author(name)');
    expect(embed.status).toBe(400);
    expect(await embed.json()).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'rt_posts' and 'rt_author' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'rt_posts' and 'rt_author' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'rt_authors' instead of 'rt_author'.",
    });
    const path = await f.rest('/rt_posts?select=id&rt_comments.body=eq.x');
    expect(path.status).toBe(400);
    expect((await path.json()).code).toBe('PGRST108');
  });

  test('unknown table → 404 PGRST205 with a hint', async () => {
    const res = await f.rest('/rt_postz');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.rt_postz' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.rt_posts'",
    });
  });
});

// PostgREST's docs, "Null filtering on Embedded Resources" and "Empty Embeds".
describe('null filters on embeds and empty embeds', () => {
  const json = async (path: string) => {
    const res = await f.rest(path);
    return [res.status, await res.json()];
  };

  test('rel=is.null keeps the rows the embed has nothing for (anti-join), to-many and to-one', async () => {
    expect(await json('/rt_authors?select=id,rt_posts(id)&rt_posts=is.null&order=id')).toEqual([
      200,
      [{ id: 4, rt_posts: [] }],
    ]);
    expect(await json('/rt_authors?select=id,rt_author_bios(bio)&rt_author_bios=is.null&order=id')).toEqual([
      200,
      [2, 3, 4].map((id) => ({ id, rt_author_bios: null })),
    ]);
  });

  test("the embed's own filters decide what counts as nothing", async () => {
    expect(
      await json('/rt_authors?select=id,rt_posts(title)&rt_posts.rating=gte.4&rt_posts=is.null&order=id'),
    ).toEqual([
      200,
      [
        { id: 3, rt_posts: [] },
        { id: 4, rt_posts: [] },
      ],
    ]);
  });

  test('an empty embed rel() adds no key and filters with rel=not.is.null (as !inner)', async () => {
    expect(
      await json('/rt_authors?select=id,rt_posts()&rt_posts.rating=gte.4&rt_posts=not.is.null&order=id'),
    ).toEqual([200, [{ id: 1 }, { id: 2 }]]);
    expect(await json('/rt_authors?select=id,rt_posts()&order=id')).toEqual([
      200,
      [1, 2, 3, 4].map((id) => ({ id })),
    ]);
  });
});

// PostgREST's docs "Ordering by related" and its errors PGRST118 / PGRST120 (Error.hs).
describe('ordering by a to-one embed', () => {
  test('order=rel(column) orders by the embedded row, then by the next term', async () => {
    const res = await f.rest(
      '/rt_posts?select=id,rt_authors(name)&author_id=not.is.null&order=rt_authors(name).desc,id',
    );
    expect((await res.json()).map((r: { id: number }) => r.id)).toEqual([3, 4, 5, 1, 2]);
  });

  test('a to-many embed is PGRST118, another operator on an embed PGRST120', async () => {
    const toMany = await f.rest('/rt_authors?select=id,rt_posts(title)&order=rt_posts(title)');
    expect([toMany.status, await toMany.json()]).toEqual([
      400,
      {
        code: 'PGRST118',
        message: "A related order on 'rt_posts' is not possible",
        details: "'rt_authors' and 'rt_posts' do not form a many-to-one or one-to-one relationship",
        hint: null,
      },
    ]);
    const badOperator = await f.rest('/rt_authors?select=id,rt_posts(id)&rt_posts=eq.1');
    expect([badOperator.status, await badOperator.json()]).toEqual([
      400,
      {
        code: 'PGRST120',
        message: "Bad operator on the 'rt_posts' embedded resource",
        details: 'Only is null or not is null filters are allowed on embedded resources',
        hint: null,
      },
    ]);
  });
});

describe('order, ranges and counts', () => {
  test('nullsfirst / nullslast', async () => {
    expect(await ids('/rt_posts?select=id&order=rating.desc.nullslast,id')).toEqual([1, 4, 2, 5, 3, 6]);
    expect(await ids('/rt_posts?select=id&order=rating.asc.nullsfirst,id.desc')).toEqual([6, 3, 5, 2, 4, 1]);
  });

  test('limit/offset with an exact count: 206 and Content-Range', async () => {
    const res = await f.rest('/rt_posts?select=id&order=id&limit=2&offset=2', {
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('2-3/6');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
    expect(await res.json()).toEqual([{ id: 3 }, { id: 4 }]);
  });

  test('the whole set with a count is 200; without a count the total is *', async () => {
    const all = await f.rest('/rt_posts?select=id', { headers: { Prefer: 'count=exact' } });
    expect([all.status, all.headers.get('content-range')]).toEqual([200, '0-5/6']);
    const page = await f.rest('/rt_posts?select=id&limit=2');
    expect([page.status, page.headers.get('content-range')]).toEqual([200, '0-1/*']);
    const none = await f.rest('/rt_posts?select=id&rating=eq.99', { headers: { Prefer: 'count=exact' } });
    expect([none.status, none.headers.get('content-range'), await none.text()]).toEqual([200, '*/0', '[]']);
  });

  test('Range header: 0-1 is the first two rows', async () => {
    const res = await f.rest('/rt_posts?select=id&order=id', {
      headers: { Range: '0-1', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect([res.status, res.headers.get('content-range')]).toEqual([206, '0-1/6']);
  });

  test('an offset past the total is 416 PGRST103', async () => {
    const res = await f.rest('/rt_posts?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('*/6');
    expect(await res.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 6 rows.',
      hint: null,
    });
  });

  test('count=estimated is exact below the threshold; HEAD answers headers only', async () => {
    // As the service role: the product refuses estimated counts to non-admins (abuse.test.ts).
    const res = await f.rest('/rt_posts?select=id&limit=1', {
      method: 'HEAD',
      headers: { Prefer: 'count=estimated' },
      token: SERVICE_ROLE_KEY,
    });
    expect([res.status, res.headers.get('content-range'), await res.text()]).toEqual([206, '0-0/6', '']);
  });

  test('malformed order and limit are PGRST100', async () => {
    for (const query of ['order=id.sideways', 'limit=abc', 'or=(rating.eq.1', 'rating=xx.1']) {
      const res = await f.rest(`/rt_posts?${query}`);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('PGRST100');
    }
  });
});

describe('singular responses', () => {
  test('one row as an object', async () => {
    const res = await f.rest('/rt_authors?id=eq.2', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(await res.json()).toEqual({ id: 2, name: 'Ravi', city: 'Delhi' });
  });

  test.each([
    ['id=gt.1', 3],
    ['id=eq.99', 0],
  ])('%s → 406 PGRST116', async (query, rows) => {
    const res = await f.rest(`/rt_authors?${query}`, {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: `The result contains ${rows} rows`,
      hint: null,
    });
  });

  test('an unavailable media type is 406 PGRST107; text/csv works', async () => {
    const xml = await f.rest('/rt_authors', { headers: { Accept: 'application/xml' } });
    expect([xml.status, (await xml.json()).code]).toEqual([406, 'PGRST107']);
    const csv = await f.rest('/rt_authors?select=id,name&order=id&limit=2', {
      headers: { Accept: 'text/csv' },
    });
    expect(await csv.text()).toBe('id,name\n1,Asha\n2,Ravi');
  });
});

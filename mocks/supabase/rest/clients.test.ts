import { supabaseDataProvider } from 'ra-supabase-core';
import { LOCAL_ANON_KEY } from '../keys';
import { BASE_URL, openFixture, USER_A, type Fixture } from './testFixture';

/** The real clients, talking to the stand-in in-process: proof they parse our answers. */
let f: Fixture;
beforeAll(async () => {
  f = await openFixture();
});
afterAll(async () => {
  await f.close();
  vi.unstubAllGlobals();
});

describe('@supabase/supabase-js', () => {
  test('select with count, range, order nullsFirst, or, not, in, ilike', async () => {
    const db = f.client();
    const page = await db
      .from('rt_posts')
      .select('id,title', { count: 'exact' })
      .order('rating', { ascending: false, nullsFirst: false })
      .range(0, 1);
    expect(page).toMatchObject({
      error: null,
      status: 206,
      count: 6,
      data: [
        { id: 1, title: 'Millet upma' },
        { id: 4, title: 'Ragi dosa' },
      ],
    });
    const filtered = await db
      .from('rt_posts')
      .select('id')
      .or('rating.gte.4,status.eq.archived')
      .not('tags', 'cs', '{sweets}')
      .in('author_id', [1, 2])
      .ilike('title', '%a%')
      .order('id');
    expect(filtered).toMatchObject({ error: null, data: [{ id: 1 }, { id: 4 }] });
    const nullsFirst = await db
      .from('rt_posts')
      .select('id')
      .order('rating', { ascending: true, nullsFirst: true })
      .order('id')
      .limit(3);
    expect(nullsFirst.data).toEqual([{ id: 3 }, { id: 6 }, { id: 5 }]);
    const head = await db.from('rt_posts').select('*', { count: 'exact', head: true }).eq('status', 'draft');
    expect(head).toMatchObject({ error: null, count: 2, data: null });
  });

  test('single, maybeSingle and their errors', async () => {
    const db = f.client();
    expect(await db.from('rt_authors').select('name').eq('id', 2).single()).toMatchObject({
      data: { name: 'Ravi' },
      error: null,
    });
    const none = await db.from('rt_authors').select('name').eq('id', 99).single();
    expect(none).toMatchObject({
      data: null,
      status: 406,
      error: { code: 'PGRST116', details: 'The result contains 0 rows' },
    });
    expect(await db.from('rt_authors').select('name').eq('id', 99).maybeSingle()).toMatchObject({
      data: null,
      error: null,
    });
  });

  test('insert, update, delete and the error object', async () => {
    const db = f.client(await f.userToken(USER_A));
    const inserted = await db.from('rt_notes').insert({ body: 'via supabase-js' }).select('body').single();
    expect(inserted).toMatchObject({ status: 201, data: { body: 'via supabase-js' }, error: null });
    const updated = await db
      .from('rt_notes')
      .update({ body: 'edited' })
      .eq('body', 'via supabase-js')
      .select('body');
    expect(updated).toMatchObject({ status: 200, data: [{ body: 'edited' }] });
    const deleted = await db.from('rt_notes').delete({ count: 'exact' }).eq('body', 'edited');
    expect(deleted).toMatchObject({ status: 204, count: 1, error: null });
    const bad = await db.from('rt_posts').insert({ title: '' });
    expect(bad).toMatchObject({ status: 400, error: { code: '23514' } });
    const unknown = await db.from('rt_nothing').select();
    expect(unknown).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
  });

  test('rpc with count and range', async () => {
    const db = f.client();
    const res = await db.rpc('rt_search_authors', {}, { count: 'exact' }).order('name').range(1, 2);
    expect(res).toMatchObject({
      error: null,
      status: 206,
      count: 4,
      data: [{ name: 'Dev, Jr. (II)' }, { name: 'Meera' }],
    });
    expect((await db.rpc('rt_add', { a: 2, b: 3 })).data).toBe(5);
  });
});

describe('ra-supabase data provider', () => {
  test('getList, getOne, create, update, delete', async () => {
    vi.stubGlobal(
      'fetch',
      async (input: RequestInfo | URL, init?: RequestInit) =>
        (await f.standIn.handle(new Request(input, init)))!,
    );
    const dataProvider = supabaseDataProvider({
      instanceUrl: BASE_URL,
      apiKey: LOCAL_ANON_KEY,
      supabaseClient: f.client(),
    });
    const list = await dataProvider.getList('rt_authors', {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
      filter: { 'city@neq': 'Delhi' },
    });
    expect(list).toEqual({
      data: [{ id: 4, name: 'Dev, Jr. (II)', city: 'Pune' }],
      total: 2,
      meta: undefined,
    });
    expect((await dataProvider.getOne('rt_authors', { id: 4 })).data).toEqual({
      id: 4,
      name: 'Dev, Jr. (II)',
      city: 'Pune',
    });
    const created = await dataProvider.create('rt_authors', { data: { id: 80, name: 'Zoya', city: 'Agra' } });
    expect(created.data).toEqual({ id: 80, name: 'Zoya', city: 'Agra' });
    const updated = await dataProvider.update('rt_authors', {
      id: 80,
      data: { city: 'Kochi' },
      previousData: created.data,
    });
    expect(updated.data).toEqual({ id: 80, name: 'Zoya', city: 'Kochi' });
    expect((await dataProvider.delete('rt_authors', { id: 80, previousData: updated.data })).data).toEqual({
      id: 80,
      name: 'Zoya',
      city: 'Kochi',
    });
    expect((await f.db.query('select 1 from rt_authors where id = 80')).rows).toEqual([]);
  });

  test('a two- and a three-word title@ilike search returns the rows of the SQL AND of the words', async () => {
    const searches: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      searches.push(decodeURIComponent(new URL(request.url).search));
      return (await f.standIn.handle(request))!;
    });
    const titles = [
      'Sugar tax explained',
      'Tax on sugar drinks',
      'Sugar-free drinks',
      'A tax on salt',
      'Sugary drinks tax',
    ];
    const { rows: inserted } = await f.db.query<{ id: number }>(
      'insert into public.rt_posts (title) select unnest($1::text[]) returning id',
      [titles],
    );
    const dataProvider = supabaseDataProvider({
      instanceUrl: BASE_URL,
      apiKey: LOCAL_ANON_KEY,
      supabaseClient: f.client(),
    });
    const search = async (words: string) =>
      (
        await dataProvider.getList('rt_posts', {
          pagination: { page: 1, perPage: 50 },
          sort: { field: 'id', order: 'ASC' },
          filter: { 'title@ilike': words },
        })
      ).data.map((row) => row.title as string);
    const sqlAnd = async (words: string[]) =>
      (
        await f.db.query<{ title: string }>(
          `select title from public.rt_posts
            where (select bool_and(title ilike '%' || w || '%') from unnest($1::text[]) w) order by id`,
          [words],
        )
      ).rows.map((row) => row.title);

    expect(await search('sugar tax')).toEqual([
      'Sugar tax explained',
      'Tax on sugar drinks',
      'Sugary drinks tax',
    ]);
    expect(await search('sugar tax')).toEqual(await sqlAnd(['sugar', 'tax']));
    expect(await search('sugar  drinks tax')).toEqual(['Tax on sugar drinks', 'Sugary drinks tax']);
    expect(await search('sugar  drinks tax')).toEqual(await sqlAnd(['sugar', 'drinks', 'tax']));
    // What the provider sent: qs's indices for the two words, one more level for the third.
    expect(searches.some((q) => q.includes('title[0]=ilike.*sugar*&title[1]=ilike.*tax*'))).toBe(true);
    expect(
      searches.some((q) =>
        q.includes('title[0][0]=ilike.*sugar*&title[0][1]=ilike.*drinks*&title[1]=ilike.*tax*'),
      ),
    ).toBe(true);
    await f.db.query('delete from public.rt_posts where id = any($1::int[])', [inserted.map((r) => r.id)]);
  });
});

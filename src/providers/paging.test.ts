import { createDataProvider } from '../adminDataProvider';
import { supabaseClient } from './supabaseClient';
import {
  isEstimatedTotal,
  orderTerms,
  orderWithTieBreaker,
  planPage,
  postgrestOrder,
  sortOf,
} from './paging';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';

describe('planPage', () => {
  const sort = { field: 'created_at', order: 'DESC' } as const;

  it('reads a page forwards up to the middle, and when the total is unknown', () => {
    expect(planPage({ page: 1, perPage: 25, sort, total: 1_000_000 })).toEqual({
      order: [
        { field: 'created_at', ascending: false },
        { field: 'id', ascending: false },
      ],
      offset: 0,
      limit: 25,
      reversed: false,
    });
    expect(planPage({ page: 20_001, perPage: 25, sort, total: 1_000_000 })).toMatchObject({
      offset: 500_000,
      reversed: false,
    });
    expect(planPage({ page: 40_000, perPage: 25, sort })).toMatchObject({
      offset: 999_975,
      limit: 25,
      reversed: false,
    });
  });

  it('reads a page past the middle from the other end, with a small offset', () => {
    expect(planPage({ page: 40_000, perPage: 25, sort, total: 1_000_000 })).toEqual({
      order: [
        { field: 'created_at', ascending: true },
        { field: 'id', ascending: true },
      ],
      offset: 0,
      limit: 25,
      reversed: true,
    });
    // a short last page: rows 1,000,000..1,000,002 are the first three from the end
    expect(planPage({ page: 40_001, perPage: 25, sort, total: 1_000_003 })).toMatchObject({
      offset: 0,
      limit: 3,
      reversed: true,
    });
    expect(planPage({ page: 40_000, perPage: 25, sort, total: 1_000_003 })).toMatchObject({
      offset: 3,
      limit: 25,
      reversed: true,
    });
    expect(planPage({ page: 30_000, perPage: 25, sort, total: 1_000_000 })).toMatchObject({
      offset: 250_000,
      reversed: true,
    });
  });

  it('reads a page past the end forwards, so the server answers it as such', () => {
    expect(planPage({ page: 9, perPage: 25, sort, total: 180 })).toMatchObject({
      offset: 200,
      limit: 25,
      reversed: false,
    });
  });

  it('ends every order on id, and the order reads as PostgREST writes it', () => {
    expect(postgrestOrder(orderWithTieBreaker({ field: 'name', order: 'ASC' }))).toBe('name.asc,id.asc');
    expect(postgrestOrder(orderWithTieBreaker({ field: 'id', order: 'DESC' }))).toBe('id.desc');
  });

  it('reads a sort of several keys as terms, and reverses every term with id added once', () => {
    const tags = { field: 'category,sort_order', order: 'ASC' } as const;
    expect(orderTerms(tags)).toEqual([
      { field: 'category', ascending: true },
      { field: 'sort_order', ascending: true },
    ]);
    expect(postgrestOrder(orderWithTieBreaker({ field: 'category,sort_order', order: 'DESC' }))).toBe(
      'category.desc,sort_order.desc,id.desc',
    );
    expect(postgrestOrder(orderWithTieBreaker({ field: 'sort_order,label.desc', order: 'ASC' }))).toBe(
      'sort_order.asc,label.desc,id.desc',
    );
    expect(postgrestOrder(orderWithTieBreaker({ field: 'id.desc,name', order: 'ASC' }))).toBe(
      'id.desc,name.asc',
    );
    // page 3 of the 28 demo tags at 10 a page: the last eight, read from the end with every key reversed
    expect(planPage({ page: 3, perPage: 10, sort: tags, total: 28 })).toEqual({
      order: [
        { field: 'category', ascending: false },
        { field: 'sort_order', ascending: false },
        { field: 'id', ascending: false },
      ],
      offset: 0,
      limit: 8,
      reversed: true,
    });
    const terms = [
      { field: 'category', ascending: false },
      { field: 'label', ascending: true },
    ];
    expect(sortOf(terms)).toEqual({ field: 'category,label.asc', order: 'DESC' });
    expect(orderTerms(sortOf(terms))).toEqual(terms);
  });

  it('takes totals past max-rows for estimates', () => {
    expect([isEstimatedTotal(undefined), isEstimatedTotal(1000), isEstimatedTotal(1001)]).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('getList through ra-supabase and the stand-in', () => {
  const server = setUpStandInServer();

  /** Every id of admin_scans in the given SQL order, straight from the database. */
  const orderedIds = async (orderBy: string, where = '') =>
    (
      await server.db().query<{ id: string }>(`select id from public.scans ${where} order by ${orderBy}`)
    ).rows.map((r) => r.id);

  /** Pages 1..n in turn, as react-admin asks for them (each after the first knows the total). */
  const allPages = async (sort: { field: string; order: 'ASC' | 'DESC' }, perPage: number) => {
    const provider = createDataProvider(supabaseClient);
    const ids: string[] = [];
    const first = await provider.getList('scans', { pagination: { page: 1, perPage }, sort, filter: {} });
    ids.push(...first.data.map((r) => String(r.id)));
    for (let page = 2; page <= Math.ceil(first.total! / perPage); page++) {
      const result = await provider.getList('scans', { pagination: { page, perPage }, sort, filter: {} });
      expect(result.total).toBe(first.total);
      ids.push(...result.data.map((r) => String(r.id)));
    }
    return { ids, first };
  };

  it('pages backwards past the middle and still returns every row once, in order', async () => {
    await signIn(DEMO.admin);
    const expected = await orderedIds('created_at desc, id desc');
    const { ids, first } = await allPages({ field: 'created_at', order: 'DESC' }, 25);
    expect(first.total).toBe(expected.length);
    expect(first.meta).toEqual({ totalIsEstimate: false });
    expect(ids).toEqual(expected);
  });

  it('breaks ties on id, so a sort with many equal values neither repeats nor skips rows', async () => {
    await signIn(DEMO.admin);
    const expected = await orderedIds('category asc, id asc');
    const { ids } = await allPages({ field: 'category', order: 'ASC' }, 7);
    expect(new Set(ids).size).toBe(expected.length);
    expect(ids).toEqual(expected);
  });

  it('keeps filters, and the exact count of a filtered list', async () => {
    await signIn(DEMO.admin);
    const expected = await orderedIds('created_at desc, id desc', `where category = 'Snacks'`);
    const provider = createDataProvider(supabaseClient);
    const sort = { field: 'created_at', order: 'DESC' } as const;
    const first = await provider.getList('scans', {
      pagination: { page: 1, perPage: 5 },
      sort,
      filter: { category: 'Snacks' },
    });
    const lastPage = Math.ceil(expected.length / 5);
    const last = await provider.getList('scans', {
      pagination: { page: lastPage, perPage: 5 },
      sort,
      filter: { category: 'Snacks' },
    });
    expect([first.total, first.meta]).toEqual([expected.length, { totalIsEstimate: false }]);
    expect(last.data.map((r) => String(r.id))).toEqual(expected.slice((lastPage - 1) * 5));
  });

  it('past max-rows says the total is an estimate, and the last page holds the last rows', async () => {
    await server.db().exec(`
      insert into public.scans (name, category, health_score, created_at)
      select format('Bulk scan %s', g), 'Snacks', 50, now() - make_interval(mins => g)
        from generate_series(1, 1200) g;
      analyze public.scans;`);
    await signIn(DEMO.admin);
    const expected = await orderedIds('created_at desc, id desc');
    const provider = createDataProvider(supabaseClient);
    const sort = { field: 'created_at', order: 'DESC' } as const;
    const first = await provider.getList('scans', { pagination: { page: 1, perPage: 25 }, sort, filter: {} });
    expect(first.meta).toEqual({ totalIsEstimate: true });
    expect(first.total).toBeGreaterThan(1000);
    const lastPage = Math.ceil(first.total! / 25);
    const last = await provider.getList('scans', {
      pagination: { page: lastPage, perPage: 25 },
      sort,
      filter: {},
    });
    const lastCount = first.total! - (lastPage - 1) * 25;
    expect(last.data.map((r) => String(r.id))).toEqual(expected.slice(expected.length - lastCount));

    // The same page opened from a link (a new provider knows no total): one request, which
    // answers the total and the page.
    const requests = vi.spyOn(globalThis, 'fetch');
    try {
      const linked = await createDataProvider(supabaseClient).getList('scans', {
        pagination: { page: lastPage, perPage: 25 },
        sort,
        filter: {},
      });
      expect([linked.total, linked.meta, linked.data.map((r) => String(r.id))]).toEqual([
        first.total,
        { totalIsEstimate: true },
        expected.slice(expected.length - lastCount),
      ]);
      expect(requests.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual([
        '/rest/v1/rpc/admin_page',
      ]);
    } finally {
      requests.mockRestore();
    }
  });
});

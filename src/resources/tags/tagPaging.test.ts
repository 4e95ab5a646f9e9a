import type { SortPayload } from 'react-admin';
import { createDataProvider } from '../../adminDataProvider';
import { orderWithTieBreaker, sortOf } from '../../providers/paging';
import { supabaseClient } from '../../providers/supabaseClient';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';
import { tagsData } from './data';

/**
 * The tags' pages, walked through the admin's data provider and the stand-in, against SQL: every
 * tag exactly once, in order, forwards, backwards and page by page as opened from a link, for
 * one- and two-key sorts (mixed directions included).
 */
describe('tags paging', () => {
  const server = setUpStandInServer();
  const PER_PAGE = 50;

  beforeAll(async () => {
    // 600 generated tags beside the 28 demo ones: many ties on category and on sort_order, and a
    // last page far enough (offset 600) that a page opened from a link goes through the seek.
    await server.db().exec(`
      insert into public.tags (key, label, icon, color, category, sort_order, is_active)
      select format('gen_%s', g), format('Generated %s', (g * 37) % 600), 'tag', '#123456',
             (array['general','nutrition','dietary','health','allergen','cuisine','preparation'])[1 + g % 7],
             g % 5, g % 3 <> 0
        from generate_series(1, 600) g;
      analyze public.tags;`);
  });

  /** Every tag id in the SQL order the sort means, id tie-breaker last. */
  const expectedIds = async (sort: SortPayload) => {
    const orderBy = orderWithTieBreaker(sort)
      .map((t) => `"${t.field}" ${t.ascending ? 'asc' : 'desc'}`)
      .join(', ');
    return (
      await server.db().query<{ id: string }>(`select id from public.tags order by ${orderBy}`)
    ).rows.map((r) => r.id);
  };

  const page = (provider: ReturnType<typeof createDataProvider>, sort: SortPayload, n: number) =>
    provider.getList('tags', { pagination: { page: n, perPage: PER_PAGE }, sort, filter: {} });

  const SORTS: SortPayload[] = [
    sortOf(tagsData.defaultSort),
    { field: 'category,sort_order', order: 'DESC' },
    { field: 'sort_order,label.desc', order: 'ASC' },
    { field: 'label', order: 'ASC' },
  ];

  it.each(SORTS)('walks every page of $field $order forwards, backwards and from links', async (sort) => {
    await signIn(DEMO.admin);
    const expected = await expectedIds(sort);
    expect(expected).toHaveLength(628);
    const pages = Math.ceil(expected.length / PER_PAGE);
    const slice = (n: number) => expected.slice((n - 1) * PER_PAGE, n * PER_PAGE);

    const forwards = createDataProvider(supabaseClient);
    for (let n = 1; n <= pages; n++) {
      const result = await page(forwards, sort, n);
      expect([n, result.total, result.data.map((r) => r.id)]).toEqual([n, expected.length, slice(n)]);
    }

    const backwards = createDataProvider(supabaseClient);
    for (let n = pages; n >= 1; n--) {
      const result = await page(backwards, sort, n);
      expect([n, result.total, result.data.map((r) => r.id)]).toEqual([n, expected.length, slice(n)]);
    }

    // A page opened from a link: nothing known yet (a fresh provider each time).
    for (const n of [2, Math.ceil(pages / 2), pages - 1, pages]) {
      const result = await page(createDataProvider(supabaseClient), sort, n);
      expect([n, result.total, result.data.map((r) => r.id)]).toEqual([n, expected.length, slice(n)]);
    }
  });

  it('shows page 3 of the 28 demo tags at 10 a page as the last eight, by category then sort order', async () => {
    await server.db().exec(`delete from public.tags where key like 'gen\\_%'`);
    await signIn(DEMO.admin);
    const sort = sortOf(tagsData.defaultSort);
    const expected = await expectedIds(sort);
    expect(expected).toHaveLength(28);
    const provider = createDataProvider(supabaseClient);
    const pages = [];
    for (let n = 1; n <= 3; n++) {
      pages.push(
        (await provider.getList('tags', { pagination: { page: n, perPage: 10 }, sort, filter: {} })).data.map(
          (r) => r.id,
        ),
      );
    }
    expect(pages[2]).toEqual(expected.slice(20));
    expect(pages.flat()).toEqual(expected);
  });
});

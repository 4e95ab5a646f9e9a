import { openFixture, SERVICE_ROLE_KEY, type Fixture } from './testFixture';

/**
 * Prefer: count=estimated and count=planned, as PostgREST answers them with db-max-rows 1000: the
 * count query runs with LIMIT max-rows + 1; up to max-rows that count is exact, past it the total
 * is the larger of that count and the planner's estimate; planned is the estimate alone.
 */
let f: Fixture;
beforeAll(async () => {
  f = await openFixture();
  // 3,000 rows the planner has statistics for, then 1,500 it has never seen ('fresh'): it
  // estimates about one row for category=eq.fresh.
  await f.db.exec(`
    create table public.rt_counted (id serial primary key, category text not null);
    insert into public.rt_counted (category) select 'old' from generate_series(1, 3000);
    analyze public.rt_counted;
    insert into public.rt_counted (category) select 'fresh' from generate_series(1, 1500);
    insert into public.rt_counted (category) select 'thousand' from generate_series(1, 1000);`);
});
afterAll(async () => {
  await f.db.exec('drop table public.rt_counted');
  await f.close();
});

const total = async (query: string, count: 'estimated' | 'planned') => {
  // As the service role: the product's db-pre-request refuses these counts to non-admins
  // (supabase/schemas/00_setup.sql); here they are PostgREST's semantics, whoever asks.
  const res = await f.rest(`/rt_counted?select=id&limit=1&${query}`, {
    headers: { Prefer: `count=${count}` },
    token: SERVICE_ROLE_KEY,
  });
  expect(res.ok).toBe(true);
  return Number(res.headers.get('content-range')?.split('/')[1]);
};

const plannerRows = async (where: string) => {
  const { rows } = await f.db.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select 1 from public.rt_counted${where}`,
  );
  const raw = rows[0]['QUERY PLAN'];
  return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan['Plan Rows'] as number;
};

test('estimated: up to max-rows the count is exact', async () => {
  expect(await total('category=eq.thousand', 'estimated')).toBe(1000);
});

test('estimated: past max-rows, never less than max-rows + 1 when the planner guesses low', async () => {
  expect(await plannerRows(` where category = 'fresh'`)).toBeLessThan(1001);
  expect(await total('category=eq.fresh', 'estimated')).toBe(1001);
});

test('estimated: past max-rows, the planner estimate when it is larger', async () => {
  const planned = await plannerRows('');
  expect(planned).toBeGreaterThan(1001);
  expect(await total('', 'estimated')).toBe(planned);
});

test('planned: the planner estimate, even for a handful of rows', async () => {
  expect(await total('category=eq.fresh', 'planned')).toBe(await plannerRows(` where category = 'fresh'`));
});

import { createDataProvider } from '../adminDataProvider';
import { supabaseClient } from './supabaseClient';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';

const server = setUpStandInServer();
const provider = createDataProvider(supabaseClient);

/** Scans whose names exercise every reserved character; the prefix keeps them apart from the seed. */
const NAMES = [
  'zq Oats, rolled (50%)',
  'zq Oats rolled 50 pct',
  'zq Rice_flour.v2',
  'zq Rice flour v2',
  'zq Star*Mix "special": 1',
  'zq Star Mix special 1',
  'zq back\\slash',
];

async function search(q: string, filter: Record<string, unknown> = {}): Promise<string[]> {
  const { data, total } = await provider.getList('scans', {
    filter: { q, ...filter },
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'name', order: 'ASC' },
  });
  expect(total).toBe(data.length);
  return data.map((row) => row.name as string);
}

describe('search through the data provider and the stand-in', () => {
  beforeAll(async () => {
    await server.db().query(
      `insert into public.scans (name, category, health_score)
       select n, 'zq-cat', 55 from unnest($1::text[]) n`,
      [NAMES],
    );
  });
  afterAll(async () => {
    await server.db().query(`delete from public.scans where category = 'zq-cat'`);
  });
  beforeEach(() => signIn(DEMO.admin));

  it('keeps rows where every word appears in some searched column, ignoring case', async () => {
    expect(await search('ZQ oats ROLLED')).toEqual(['zq Oats rolled 50 pct', 'zq Oats, rolled (50%)']);
    expect(await search('zq-CAT star')).toEqual(['zq Star Mix special 1', 'zq Star*Mix "special": 1']);
    expect(await search('zq nothing-like-this')).toEqual([]);
  });

  it('matches , ( ) . " : * % _ and \\ literally, never widening the match', async () => {
    expect(await search('(50%)')).toEqual(['zq Oats, rolled (50%)']);
    expect(await search('oats,')).toEqual(['zq Oats, rolled (50%)']);
    expect(await search('rice_flour.v2')).toEqual(['zq Rice_flour.v2']);
    expect(await search('star*mix')).toEqual(['zq Star*Mix "special": 1']);
    expect(await search('"special":')).toEqual(['zq Star*Mix "special": 1']);
    expect(await search('back\\slash')).toEqual(['zq back\\slash']);
    expect(await search('zq %')).toEqual(['zq Oats, rolled (50%)']);
    expect(await search('zq _')).toEqual(['zq Rice_flour.v2']);
  });

  it('combines the search with derived filters in one request', async () => {
    expect(await search('zq rice', { score_band: 'fair' })).toEqual(['zq Rice flour v2', 'zq Rice_flour.v2']);
    expect(await search('zq rice', { score_band: 'good' })).toEqual([]);
    expect(await search('rice', { category: 'ZQ-CAT' })).toEqual(['zq Rice flour v2', 'zq Rice_flour.v2']);
  });
});

describe("search by the owner's email through the data provider and the stand-in", () => {
  const ids = async (resource: string, q: string) => {
    const { data, total } = await provider.getList(resource, {
      filter: { q },
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(total).toBe(data.length);
    return data.map((row) => row.id as string);
  };
  /** The owner's rows, plus those whose own columns contain the word, by id. */
  const expected = async (table: string, where: string, params: unknown[]) =>
    (
      await server
        .db()
        .query<{ id: string }>(
          `select t.id from public.${table} t left join auth.users u on u.id = t.user_id where ${where} order by t.id`,
          params,
        )
    ).rows.map((r) => r.id);
  beforeEach(() => signIn(DEMO.admin));

  it.each([
    ['scans', 'name'],
    ['profiles', 'name'],
    ['chats', 'title'],
  ])('%s: an email finds exactly its owner’s rows, whatever its case', async (resource, column) => {
    const want = await expected(resource, `u.email = $1 or t.${column} ilike '%' || $1 || '%'`, [
      DEMO.user.email,
    ]);
    expect(want.length).toBeGreaterThan(0);
    expect(await ids(resource, DEMO.user.email.toUpperCase())).toEqual(want);
  });

  it('chats: an email and a word of the title narrow to that owner’s matching chats', async () => {
    const { rows } = await server.db().query<{ word: string }>(
      `select split_part(c.title, ' ', 1) as word from public.chats c join auth.users u on u.id = c.user_id
        where u.email = $1 and c.title is not null order by c.id limit 1`,
      [DEMO.user.email],
    );
    const word = rows[0].word;
    const want = await expected(
      'chats',
      `(u.email ilike '%' || $1 || '%' or t.title ilike '%' || $1 || '%') and (u.email ilike '%' || $2 || '%' or t.title ilike '%' || $2 || '%')`,
      [DEMO.user.email, word],
    );
    expect(want.length).toBeGreaterThan(0);
    expect(await ids('chats', `${DEMO.user.email} ${word}`)).toEqual(want);
  });

  it('a word in more than 50 emails is matched on the email itself: the same rows', async () => {
    // Every seeded email contains "@"; 101 extra users take it past the lookup's cap.
    await server.db().query(
      `insert into auth.users (id, aud, role, email, created_at, updated_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'crowd' || n || '@example.in', now(), now()
         from generate_series(1, 101) n`,
    );
    try {
      expect(await ids('chats', '@')).toEqual(
        await expected('chats', `u.email like '%@%' or t.title like '%@%'`, []),
      );
    } finally {
      await server.db().query(`delete from auth.users where email like 'crowd%@example.in'`);
    }
  });
});

describe("a search's total, counted only as far as it is needed", () => {
  /** The Prefer header of each request to the REST API made while `run` runs. */
  const preferOf = async (run: () => Promise<unknown>) => {
    const requests = vi.spyOn(globalThis, 'fetch');
    try {
      await run();
      return requests.mock.calls
        .filter(([url]) => new URL(String(url)).pathname === '/rest/v1/admin_scans')
        .map(([, init]) => new Headers(init?.headers).get('Prefer'));
    } finally {
      requests.mockRestore();
    }
  };
  const page = (q: string, page: number, perPage = 25) =>
    provider.getList('scans', {
      filter: { q },
      pagination: { page, perPage },
      sort: { field: 'name', order: 'ASC' },
    });
  /** The names matching `pattern`, in the list's order (name, then id). */
  const names = async (pattern: string) =>
    (
      await server
        .db()
        .query<{ name: string }>(`select name from public.scans where name ilike $1 order by name, id`, [
          pattern,
        ])
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    await server.db().exec(`
      insert into public.scans (name, category, health_score)
      select format('Zqcount %s', lpad(g::text, 3, '0')), 'zq-count', 50 from generate_series(1, 60) g;
      insert into public.scans (name, category, health_score)
      select format('Zqbulk %s', lpad(g::text, 4, '0')), 'zq-count', 50 from generate_series(1, 1500) g;
      analyze public.scans;`);
  });
  afterAll(async () => {
    await server.db().query(`delete from public.scans where category = 'zq-count'`);
  });
  beforeEach(() => signIn(DEMO.admin));

  it('a page that is not full is its own count: one request, exact', async () => {
    let result: Awaited<ReturnType<typeof page>> | undefined;
    expect(await preferOf(async () => (result = await page('zqcount 04', 1)))).toEqual(['count=planned']);
    expect([result!.data.map((r) => r.name), result!.total, result!.meta]).toEqual([
      await names('%zqcount%04%'),
      11,
      { totalIsEstimate: false },
    ]);
  });

  it('a full page with a small estimate is counted exactly, and the last page needs no count', async () => {
    const all = await names('%zqcount%');
    let first: Awaited<ReturnType<typeof page>> | undefined;
    expect(await preferOf(async () => (first = await page('zqcount', 1)))).toEqual([
      'count=planned',
      'count=estimated',
    ]);
    expect([first!.data.map((r) => r.name), first!.total]).toEqual([all.slice(0, 25), 60]);
    let last: Awaited<ReturnType<typeof page>> | undefined;
    expect(await preferOf(async () => (last = await page('zqcount', 3)))).toEqual(['handling=lenient']);
    expect([last!.data.map((r) => r.name), last!.total]).toEqual([all.slice(50), 60]);
  });

  it('a page past the end is counted, so the list can go back to the last page', async () => {
    let past: Awaited<ReturnType<typeof page>> | undefined;
    expect(await preferOf(async () => (past = await page('zqcount', 4)))).toEqual([
      'handling=lenient',
      'count=estimated',
    ]);
    expect([past!.data, past!.total]).toEqual([[], 60]);
  });

  it('a word with more matches than max-rows takes the estimate, with no count at all', async () => {
    const all = await names('%zqbulk%');
    let first: Awaited<ReturnType<typeof page>> | undefined;
    expect(await preferOf(async () => (first = await page('zqbulk', 1)))).toEqual(['count=planned']);
    expect(first!.meta).toEqual({ totalIsEstimate: true });
    expect(first!.total).toBeGreaterThan(1000);
    expect(first!.data.map((r) => r.name)).toEqual(all.slice(0, 25));
    const second = await page('zqbulk', 2);
    expect(second.data.map((r) => r.name)).toEqual(all.slice(25, 50));
  });
});

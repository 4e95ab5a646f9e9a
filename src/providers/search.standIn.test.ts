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

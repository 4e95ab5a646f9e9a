import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withIdentity, type Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { ROLES } from './fixtures';
import { HINDI_SEARCH, HINDI_SEARCH_EXPECTED, hindiSearch, loadHindiNews } from './hindiSearch';

/**
 * A Hindi word found through the Hindi trigram indexes on PGlite (npm run check:hosted runs the same
 * search on PostgreSQL 15 with hosted's locale, supabase/tests/hindiSearch.ts).
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  // Loaded as a bulk import is: no audit entry per article, the trigram indexes built once after.
  const trigramIndexes = (
    await db.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes where tablename = 'news' and indexname like '%trgm%'`,
    )
  ).rows;
  await db.exec(`drop index ${trigramIndexes.map((i) => `public.${i.name}`).join(', ')}`);
  await db.exec('alter table public.news disable trigger user');
  await loadHindiNews(db);
  for (const { def } of trigramIndexes) await db.exec(def);
  await db.exec('alter table public.news enable trigger user; analyze public.news');
}, 60_000);
afterAll(() => db.close());

describe('Hindi search', () => {
  it('extracts Devanagari trigrams, reads the Hindi indexes and finds the 5 articles', async () => {
    expect(await withIdentity(db, ROLES.editor, (tx) => hindiSearch(tx))).toEqual(HINDI_SEARCH_EXPECTED);
  });

  it('finds a word in every article, a page of them', async () => {
    const every = await withIdentity(db, ROLES.editor, (tx) => hindiSearch(tx, HINDI_SEARCH.every));
    expect(every.found).toBe(25);
  });
});

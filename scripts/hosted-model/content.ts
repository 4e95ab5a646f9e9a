import type pg from 'pg';
import { HINDI_SEARCH_EXPECTED, hindiSearch, loadHindiNews } from '../../supabase/tests/hindiSearch';
import { asRequest, check, inTransaction, queryable, signedIn } from './harness';

/**
 * The news list's Hindi search on PostgreSQL 15 with hosted's locale: the same answer as on PGlite
 * (supabase/tests/contentSearch.test.ts). The articles are removed again afterwards.
 */
export async function hindiSearchOnHosted(postgres: pg.Client, authenticator: pg.Client) {
  await inTransaction(postgres, async (tx) => {
    await tx.query('alter table public.news disable trigger user');
    await loadHindiNews(tx);
    await tx.query('alter table public.news enable trigger user');
  });
  await queryable(postgres).query('analyze public.news');
  try {
    const editor = signedIn('00000000-0000-4000-8000-000000000005');
    const answer = await asRequest(authenticator, editor, (tx) => hindiSearch(tx));
    const expected = { ok: true, value: HINDI_SEARCH_EXPECTED };
    check('Hindi search (trigrams, indexes, rows)', JSON.stringify(answer) === JSON.stringify(expected), JSON.stringify(answer));
  } finally {
    await postgres.query(`alter table public.news disable trigger user;
      delete from public.news where source_url like 'https://example.com/%' and translations ? 'hi';
      alter table public.news enable trigger user`);
  }
}

import type { Queryable } from '../../mocks/supabase/db';

/**
 * The news list's search for a Hindi word, as the editor sends it (src/providers/search.ts: each
 * searched column `ilike`, English and Hindi, newest first, one page), run on PGlite
 * (supabase/tests/contentSearch.test.ts) and on PostgreSQL 15 with hosted Supabase's locale,
 * C.UTF-8 (npm run check:hosted). pg_trgm keeps only the characters the database's LC_CTYPE calls
 * alphanumeric: under C.UTF-8 that includes Devanagari letters and vowel signs (a virama splits a
 * word, in the text and the pattern alike), under plain C none, and the Hindi indexes would be read
 * whole.
 */
export const HINDI_SEARCH = { articles: 3000, rare: 'बाजरा', every: 'समाचार' } as const;

/** Articles with Hindi text; 5 name the rare word. Run as the tables' owner, then ANALYZE. */
export async function loadHindiNews(tx: Queryable) {
  await tx.query(
    `insert into public.news (title, content, source_url, created_at, translations)
     select 'News ' || i, 'Lorem ipsum ' || i, 'https://example.com/' || i, now() - make_interval(secs => i),
            jsonb_build_object('hi', jsonb_build_object(
              'title', $2 || ' ' || i,
              'content', 'आज का ' || $2 || ' ' || i || case when i % 600 = 7 then ' ' || $3 else '' end))
       from generate_series(1, $1::int) i`,
    [HINDI_SEARCH.articles, HINDI_SEARCH.every, HINDI_SEARCH.rare],
  );
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

const SEARCH = `select id from public.admin_news
  where title ilike $1 or content ilike $1 or (translations -> 'hi' ->> 'title') ilike $1
     or (translations -> 'hi' ->> 'content') ilike $1
  order by created_at desc, id desc limit 25`;

/** As the editor: the word's trigrams, the indexes the search's plan reads, and the rows found. */
export async function hindiSearch(tx: Queryable, word: string = HINDI_SEARCH.rare) {
  const pattern = `%${word}%`;
  const trigrams = (await tx.query<{ n: number }>('select cardinality(extensions.show_trgm($1))::int as n', [word]))
    .rows[0].n;
  const literal = SEARCH.replaceAll('$1', `'${pattern.replaceAll("'", "''")}'`);
  const raw = (await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${literal}`)).rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const indexes = [...new Set(nodes(plan[0].Plan).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])))];
  const found = (await tx.query(SEARCH, [pattern])).rows.length;
  return { trigrams: trigrams > 0, indexes: indexes.sort(), found };
}

/** What both engines answer for the rare word. */
export const HINDI_SEARCH_EXPECTED = {
  trigrams: true,
  indexes: ['news_content_hi_trgm_idx', 'news_content_trgm_idx', 'news_title_hi_trgm_idx', 'news_title_trgm_idx'],
  found: 5,
};

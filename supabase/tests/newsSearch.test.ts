import { withIdentity, type Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { ROLES } from './fixtures';

/**
 * The news list's search as the editor sends it (src/providers/search.ts: title or content `ilike`,
 * newest first, one page). On news, row-level security keeps the planner from the column statistics
 * for `ilike` (it is not leakproof), so a rare short word is estimated like a common one and the
 * planner walks the creation-time index through every article; the admin reads news through
 * admin_news (owner's rights behind the operator gate), where the statistics count
 * (docs/architecture/budgets.md, "News search").
 */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

const ARTICLES = 10_000;
/** In 5 articles' content; "lorem" is in every one. */
const RARE = 'sugar';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  // Loaded as a bulk import is: no audit entry per article, the trigram indexes built once after.
  const trigramIndexes = (
    await db.query<{ def: string }>(
      `select indexdef as def from pg_indexes where tablename = 'news' and indexname in ('news_title_trgm_idx', 'news_content_trgm_idx')`,
    )
  ).rows.map((r) => r.def);
  await db.exec('drop index public.news_title_trgm_idx, public.news_content_trgm_idx');
  await db.exec('alter table public.news disable trigger user');
  await db.query(
    `insert into public.news (title, content, source_url, created_at)
     select 'Lorem ipsum ' || i, 'Lorem ipsum dolor sit amet ' || i ||
              case when i % 5000 = 7 then ' with added sugar' else '' end,
            'https://example.com/' || i, now() - make_interval(secs => i)
       from generate_series(1, $1::int) i`,
    [ARTICLES],
  );
  for (const def of trigramIndexes) await db.exec(def);
  await db.exec('alter table public.news enable trigger user; analyze public.news');
}, 60_000);
afterAll(() => db.close());

const searchPlan = async (relation: string, word: string) => {
  const { rows } = await withIdentity(db, ROLES.editor, (tx) =>
    tx.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) select * from public.${relation}
        where title ilike '%${word}%' or content ilike '%${word}%'
        order by created_at desc, id desc limit 25`,
    ),
  );
  const raw = rows[0]['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return nodes(parsed[0].Plan);
};
/** The rows the planner expects the search to match (the node that filters the articles). */
const expectedMatches = (plan: PlanNode[]) =>
  plan.find((n) => /Bitmap Heap Scan|Index Scan|Seq Scan/.test(n['Node Type']))!['Plan Rows'];
const indexes = (plan: PlanNode[]) => plan.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));

describe('news search as the editor', () => {
  it('estimates a rare word from the statistics through admin_news, and finds it by the trigram indexes', async () => {
    const plan = await searchPlan('admin_news', RARE);
    expect(expectedMatches(plan)).toBeLessThan(25);
    expect(indexes(plan).sort()).toEqual(['news_content_trgm_idx', 'news_title_trgm_idx']);
  });

  it('on the table itself, under its policy, guesses the same word as common (at 100,000 articles the planner then walks them all by time: npm run bench:search)', async () => {
    expect(expectedMatches(await searchPlan('news', RARE))).toBeGreaterThan(25);
  });

  it('walks by time through admin_news for a word in every article, where that is right', async () => {
    expect(indexes(await searchPlan('admin_news', 'lorem'))).toEqual(['news_created_at_idx']);
  });

  it('answers the editor the same rows through admin_news as through news', async () => {
    const rows = (relation: string) =>
      withIdentity(db, ROLES.editor, (tx) =>
        tx.query(
          `select * from public.${relation} where title ilike '%${RARE}%' or content ilike '%${RARE}%'
            order by created_at desc, id desc`,
        ),
      ).then((r) => r.rows);
    const viaView = await rows('admin_news');
    const matching = await db.query<{ n: number }>(
      `select count(*)::int as n from public.news where title ilike '%${RARE}%' or content ilike '%${RARE}%'`,
    );
    expect(viaView).toHaveLength(matching.rows[0].n);
    expect(viaView).toEqual(await rows('news'));
  });
});

/**
 * npm run bench:search [-- --runs 15]: the news list's search at 100,000 articles, on PGlite in
 * memory, as the admin asks it (supabase-js and the admin's resource provider over loopback HTTP to
 * the stand-in, signed in as the demo editor): the first page of a rare and a common word, median of
 * --runs each, first read from the news table directly (under row-level security,
 * where the planner may not read the column statistics for `ilike`), then through admin_news as
 * migrated (docs/architecture/budgets.md, "News search"). Articles are faker's lorem text; "quinoa"
 * is in 20 of them, "sugar" in a few, "dolor" and "lorem" in about half and a sixth. Beside each
 * word: the rows the planner expects on the table as the editor and as its owner, and the rows that
 * match. A search counts its matches only as far as it must (searchPage in src/providers/paging.ts).
 * Budget: 30 ms through admin_news (exit code 1 past it).
 */
import { parseArgs } from 'node:util';
import { faker } from '@faker-js/faker';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { startStandIn } from '../mocks/supabase/node';
import { signedInClient } from './bench/standInHttp';
import { listenStandIn } from '../mocks/supabase/testing/listen';
import { createResourceProvider } from '../src/providers/dataProvider';
import { newsData } from '../src/resources/news/data';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const RUNS = Number(values.runs);
const ARTICLES = 100_000;
const BUDGET_MS = 30;

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

const standIn = await startStandIn({ dataDir: 'memory', log: () => undefined });
const db = standIn.db;
process.stdout.write(`seeding ${ARTICLES.toLocaleString('en')} news articles...`);
faker.seed(49);
// Loaded as a bulk import would be: no audit entry or row count per article, the trigram indexes
// built once at the end.
const trigramIndexes = (
  await db.query<{ def: string }>(
    `select indexdef as def from pg_indexes where tablename = 'news' and indexname like '%trgm%'`,
  )
).rows.map((r) => r.def);
await db.exec('drop index public.news_title_trgm_idx, public.news_content_trgm_idx');
await db.exec('alter table public.news disable trigger user');
for (let start = 0; start < ARTICLES; start += 5000) {
  const rows = Array.from({ length: Math.min(5000, ARTICLES - start) }, (_, k) => {
    const i = start + k;
    const title = faker.lorem.sentence({ min: 4, max: 10 });
    const content =
      faker.lorem.paragraphs({ min: 2, max: 5 }) + (i % 5000 === 17 ? ' Quinoa prices rose.' : '');
    const named =
      i % 7 === 0 ? `${faker.commerce.productAdjective()} ${faker.commerce.product()} ${title}` : title;
    return [named.slice(0, 200), content, `https://example.com/bench/${i}`, i] as const;
  });
  await db.query(
    `insert into public.news (title, content, source_url, created_at)
     select t, c, u, now() - make_interval(secs => a)
       from unnest($1::text[], $2::text[], $3::text[], $4::int[]) as x(t, c, u, a)`,
    [0, 1, 2, 3].map((column) => rows.map((row) => row[column])),
  );
}
for (const def of trigramIndexes) await db.exec(def);
await db.exec('alter table public.news enable trigger user; analyze public.news');
process.stdout.write(' done\n');

const { server, url } = await listenStandIn(standIn);
const client = await signedInClient(
  url,
  DEMO_ACCOUNTS.find((a) => a.email.startsWith('editor@'))!,
);
const editorId = (await client.auth.getUser()).data.user!.id;
const providerOf = (data: typeof newsData) =>
  createResourceProvider({ client, url, anonKey: LOCAL_ANON_KEY, resources: [data] });
const onTable = providerOf({ ...newsData, table: undefined });
const throughView = providerOf(newsData);

const SEARCHES = ['quinoa', 'sugar', 'dolor', 'lorem'];
const search = (provider: typeof onTable, q: string) =>
  provider.getList('news', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { q },
  });

/** A search's time, or Infinity when it ran past the role's statement_timeout (57014). */
async function timed(provider: typeof onTable, q: string): Promise<number> {
  const start = performance.now();
  try {
    await search(provider, q);
  } catch (error) {
    if ((error as { body?: { code?: string } }).body?.code !== '57014') throw error;
    return Infinity;
  }
  return performance.now() - start;
}
const shown = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : 'timeout');

async function measure(provider: typeof onTable): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const q of SEARCHES) {
    await timed(provider, q); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(provider, q));
    result[q] = median(times);
  }
  return result;
}

/** The rows the planner expects for a word's condition, as the editor (under RLS) and as the owner. */
async function estimates(q: string) {
  const where = `title ilike $1 or content ilike $1`;
  const planned = async (asEditor: boolean) =>
    db.transaction(async (tx) => {
      if (asEditor)
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [JSON.stringify({ sub: editorId, role: 'authenticated' })],
        );
      const plan = await tx.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
        `explain (format json) select 1 from public.news where ${where}`,
        [`%${q}%`],
      );
      return plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'];
    });
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.news where ${where}`,
    [`%${q}%`],
  );
  return `${await planned(true)} / ${await planned(false)} / ${rows[0].n}`;
}

const before = await measure(onTable);
const after = await measure(throughView);

console.log(`\nNews search, first page (median of ${RUNS}, ms), ${ARTICLES.toLocaleString('en')} articles`);
console.log(
  'search'.padEnd(10),
  'news table'.padStart(13),
  'admin_news'.padStart(12),
  '  rows expected as editor / as owner / matching',
);
for (const q of SEARCHES) {
  console.log(
    `"${q}"`.padEnd(10),
    shown(before[q]).padStart(13),
    shown(after[q]).padStart(12),
    ` ${await estimates(q)}`,
  );
  if (after[q] > BUDGET_MS) process.exitCode = 1;
}
server.close();
await db.close();

/**
 * npm run bench:search [-- --runs 15]: the news list's search at 100,000 articles, on PGlite in
 * memory, as the admin asks it (supabase-js and the admin's resource provider over loopback HTTP to
 * the stand-in, signed in as the demo editor): the first page of a few searches, median of --runs
 * each, with the trigram indexes on news.title and news.content, then without them (dropped), so
 * the figure shows what the indexes buy. Budget: 30 ms with the indexes (exit code 1 past it).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { standInMiddleware, startStandIn } from '../mocks/supabase/node';
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
// Varied words, so a search matches a few rows as an operator's does (not every row).
await db.query(
  `insert into public.news (title, content, source_url, created_at)
   select 'Bench article ' || n || ' on ' || md5(n::text), 'Text of bench article ' || n || ', about '
          || md5('c' || n) || ' and food labels.', 'https://example.com/bench/' || n, now() - make_interval(secs => n)
     from generate_series(1, $1) n`,
  [ARTICLES],
);
await db.exec('analyze public.news');
process.stdout.write(' done\n');

const api = standInMiddleware(standIn);
const server = createServer((req, res) => void api(req, res, () => res.writeHead(404).end()));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const editor = DEMO_ACCOUNTS.find((a) => a.email.startsWith('editor@'))!;
const client = createClient(url, LOCAL_ANON_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: ws as unknown as typeof WebSocket },
});
const { error } = await client.auth.signInWithPassword({ email: editor.email, password: editor.password });
if (error) throw error;
const provider = createResourceProvider({ client, url, anonKey: LOCAL_ANON_KEY, resources: [newsData] });

const SEARCHES = ['sugar tax', 'a1b2c', 'article 4242'];
const search = (q: string) =>
  provider.getList('news', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { q },
  });

async function measure(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const q of SEARCHES) {
    await search(q); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await search(q);
      times.push(performance.now() - start);
    }
    result[q] = median(times);
  }
  return result;
}

const withIndexes = await measure();
await db.exec(
  'drop index public.news_title_trgm_idx; drop index public.news_content_trgm_idx; analyze public.news',
);
const without = await measure();

console.log(`\nNews search, first page (median of ${RUNS}, ms), ${ARTICLES.toLocaleString('en')} articles`);
console.log('search'.padEnd(16), 'no trigram index'.padStart(17), 'trigram indexes'.padStart(16));
for (const q of SEARCHES) {
  console.log(
    `"${q}"`.padEnd(16),
    without[q].toFixed(1).padStart(17),
    withIndexes[q].toFixed(1).padStart(16),
  );
  if (withIndexes[q] > BUDGET_MS) process.exitCode = 1;
}
server.close();
await db.close();

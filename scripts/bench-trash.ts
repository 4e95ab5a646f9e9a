/**
 * npm run bench:trash [-- --runs 15]: what the trash costs, on PGlite in memory, measured as the
 * admin asks: supabase-js and the admin's resource provider over loopback HTTP to the stand-in,
 * signed in as the demo editor.
 *
 * 1. Lists with 10,000 trashed rows among 100,000 and without: the news list's first page, a page
 *    in the middle (the seek) and a search, with all 100,000 articles live, then after 10,000 of
 *    them were deleted (to the trash, in bulk deletes of 100), alternately (three rounds: delete, measure, restore), as
 *    medians of --runs each. Budget: within 10 %.
 * 2. The Trash screen's first page and a search among those 10,000 entries.
 * 3. Restoring 1,000 selected rows in one call (the Trash screen's bulk Restore): median of 5.
 *    Budget: under 2 s.
 */
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { startStandIn } from '../mocks/supabase/node';
import { signedInClient } from './bench/standInHttp';
import { listenStandIn } from '../mocks/supabase/testing/listen';
import { createResourceProvider } from '../src/providers/dataProvider';
import { newsData } from '../src/resources/news/data';
import { createTrashMethods } from '../src/providers/trashMethods';
import { trashData } from '../src/trash/data';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const RUNS = Number(values.runs);
const ARTICLES = 100_000;
const TRASHED = 10_000;
const RESTORED = 1_000;
const ROUNDS = 3;

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
async function timed(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const standIn = await startStandIn({ dataDir: 'memory', log: () => undefined });
const db = standIn.db;
process.stdout.write(`seeding ${ARTICLES.toLocaleString('en')} news articles...`);
await db.query(
  `insert into public.news (title, content, source_url, created_at)
   select 'Bench article ' || n, 'Text of bench article ' || n || ' about food labels.',
          'https://example.com/bench/' || n, now() - make_interval(secs => n)
     from generate_series(1, $1) n`,
  [ARTICLES],
);
await db.exec('analyze public.news');
process.stdout.write(' done\n');

const { server, url } = await listenStandIn(standIn);
const client = await signedInClient(
  url,
  DEMO_ACCOUNTS.find((a) => a.email.startsWith('editor@'))!,
);
const resources = [newsData, trashData];
const provider = createResourceProvider({ client, url, anonKey: LOCAL_ANON_KEY, resources });
const trash = createTrashMethods(client, resources);

const newest = { field: 'created_at', order: 'DESC' } as const;
const page = (resource: string, n: number, filter: Record<string, unknown> = {}) =>
  provider.getList(resource, {
    pagination: { page: n, perPage: 25 },
    sort: resource === 'trash' ? { field: 'deleted_at', order: 'DESC' } : newest,
    filter,
  });
const LISTS = {
  'news, first page': () => page('news', 1),
  'news, a middle page': () => page('news', 1_800),
  'news, search "article 4242"': () => page('news', 1, { q: 'article 4242' }),
};
const TRASH_LISTS = {
  'Trash, first page': () => page('trash', 1),
  'Trash, search "article 77"': () => page('trash', 1, { q: 'article 77' }),
};

/** Every tenth article's id: the 10,000 an editor deletes, in bulk deletes of a 100-row page each. */
const victims = (
  await db.query<{ id: string }>(
    `select id::text from public.news where title like 'Bench article %' and right(title, 1) = '7'`,
  )
).rows.map((r) => r.id);
if (victims.length !== TRASHED) throw new Error(`expected ${TRASHED} victims, got ${victims.length}`);

const times: Record<string, { without: number[]; trashed: number[] }> = {};
const measure = async (lists: Record<string, () => Promise<unknown>>, state: 'without' | 'trashed') => {
  for (const [what, fn] of Object.entries(lists)) {
    await fn(); // warm-up
    times[what] ??= { without: [], trashed: [] };
    for (let i = 0; i < Math.ceil(RUNS / ROUNDS); i++) times[what][state].push(await timed(fn));
  }
};
const chunks = (ids: string[], size: number) =>
  Array.from({ length: Math.ceil(ids.length / size) }, (_, i) => ids.slice(i * size, (i + 1) * size));

const restoreTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  await measure(LISTS, 'without');
  // The largest page a list shows: a bulk delete names its ids in the URL (`id=in.(…)`).
  for (const ids of chunks(victims, 100)) await provider.deleteMany('news', { ids });
  await db.exec('analyze public.news; analyze public.trash');
  await measure(LISTS, 'trashed');
  await measure(TRASH_LISTS, 'trashed');
  for (const rows of chunks(victims, RESTORED)) {
    // The entries the deletes made (an entry's id is its own, not its row's).
    const ids = (
      await db.query<{ id: string }>(
        `select id::text from public.trash where resource = 'news' and record_id = any ($1)`,
        [rows],
      )
    ).rows.map((r) => r.id);
    const ms = await timed(async () => {
      const { restored } = await trash.restoreFromTrash(ids);
      if (restored.length !== ids.length) throw new Error(`restored ${restored.length} of ${ids.length}`);
    });
    if (restoreTimes.length < 5) restoreTimes.push(ms);
  }
  await db.exec('analyze public.news; analyze public.trash');
}

console.log(
  `\nLists (median of ${Math.ceil(RUNS / ROUNDS) * ROUNDS}, ms): ${ARTICLES.toLocaleString('en')} articles, and with ${TRASHED.toLocaleString('en')} of them in the trash`,
);
console.log('what'.padEnd(34), 'none trashed'.padStart(13), '10k trashed'.padStart(12), 'ratio'.padStart(7));
for (const [what, { without, trashed }] of Object.entries(times)) {
  const a = without.length ? median(without) : NaN;
  const b = median(trashed);
  console.log(
    what.padEnd(34),
    (Number.isNaN(a) ? '' : a.toFixed(1)).padStart(13),
    b.toFixed(1).padStart(12),
    (Number.isNaN(a) ? '' : (b / a).toFixed(2)).padStart(7),
  );
}
console.log(
  `\nRestoring ${RESTORED.toLocaleString('en')} selected rows in one call: median of ${restoreTimes.length} ${median(restoreTimes).toFixed(0)} ms (budget 2000 ms; each ${restoreTimes.map((t) => t.toFixed(0)).join(', ')})`,
);

server.close();
await db.close();

/**
 * npm run bench [-- --sizes 10000,100000,1000000 --runs 15 --keep --no-browser --only pglite|postgres]
 *
 * What the admin screens cost at scale, measured as the admin's browser asks: supabase-js and
 * ra-supabase's data provider (with this repo's paging and search) over HTTP to the local stand-in,
 * signed in as the demo admin. For each size it seeds a throw-away database (PGlite in a temporary
 * folder; with DATABASE_URL also a database on that Postgres server), then prints the median of
 * --runs runs of: the dashboard, the first, a middle and the last 25-row page of scans, a one-word
 * and a two-word search, a search by an owner's email, and a users page. Beside each, the stock access pattern measured in the
 * same run (the table under RLS, an exact count, OFFSET; for the dashboard the per-table counts
 * plus every score), and the ratio stock / ours.
 *
 * At 100,000 scans on PGlite it also measures, in Chromium, navigation to the first row of
 * /admin/scans, cold (new browser profile) and warm (again in the same tab). Needs `npm run build`.
 *
 * A local PostgreSQL 15 (Debian: apt-get install postgresql-15):
 *   mkdir -p /tmp/pg-bench && chown postgres /tmp/pg-bench
 *   su postgres -c "/usr/lib/postgresql/15/bin/initdb -D /tmp/pg-bench -A trust -U postgres"
 *   su postgres -c "/usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pg-bench -o '-p 5499 -k /tmp' -l /tmp/pg-bench.log start"
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5499/postgres npm run bench
 * --keep keeps the seeded databases (PGlite in .data/bench-<N>, Postgres labellens_bench_<N>) and
 * reuses them on the next run.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startBuiltServer } from './benchBrowser';
import { type Database } from '../mocks/supabase/db';
import { pgliteDatabase, postgresDatabase, seed, type BenchDatabase } from './bench/databases';
import { signedInClient } from './bench/standInHttp';
import { listenStandIn } from '../mocks/supabase/testing/listen';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { createStandIn } from '../mocks/supabase/standIn';
import { createResourceProvider } from '../src/providers/dataProvider';
import { scansData } from '../src/resources/scans/data';
import { usersData } from '../src/resources/users/data';
import { auditLogData } from '../src/resources/audit-log/data';

const PAGE = 25;
const ONE_WORD = 'maggi';
const TWO_WORDS = 'maggi masala';
const BROWSER_SIZE = 100_000;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    runs: { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(runs) || runs < 1) {
  console.error(
    'Usage: npm run bench -- [--sizes 10000,100000] [--runs 15] [--keep] [--no-browser] [--only pglite|postgres]',
  );
  process.exit(2);
}
const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@labellens.dev');
if (!admin) throw new Error('The demo admin account is missing');

const middle = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/** Postgres' query_canceled: the authenticated role's statement_timeout ended the statement. */
const STATEMENT_TIMEOUT = '"code":"57014"';

/**
 * The stock pattern, a run of which past the statement timeout counts as Infinity (shown as
 * "timeout") instead of ending the bench: on a loaded machine the stock last page and searches of
 * a million rows can pass the authenticated role's 8 s (mocks/supabase/sql/platform.sql). Ours never may: its errors still end the run.
 */
const orTimeout = (stock: () => Promise<unknown>) => async () => {
  try {
    await stock();
    return false;
  } catch (error) {
    if (error instanceof Error && error.message.includes(STATEMENT_TIMEOUT)) return true;
    throw error;
  }
};

/**
 * Medians of `runs` timings of ours and of the stock pattern, run alternately after two warm-up
 * runs each, so that both see the same load on a shared machine.
 */
async function compare(ours: () => Promise<unknown>, stockPattern?: () => Promise<unknown>) {
  const stock = stockPattern && orTimeout(stockPattern);
  const time = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    const timedOut = await fn();
    return timedOut === true ? Number.POSITIVE_INFINITY : performance.now() - start;
  };
  for (let i = 0; i < 2; i++) {
    await ours();
    await stock?.();
  }
  const oursTimes: number[] = [];
  const stockTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    oursTimes.push(await time(ours));
    if (stock) stockTimes.push(await time(stock));
  }
  return { ours: middle(oursTimes), stock: stock ? middle(stockTimes) : undefined };
}

/** Throws on an error answer, so a failing request is never timed as a fast one. */
async function ok<T extends { error: unknown }>(request: PromiseLike<T>): Promise<T> {
  const result = await request;
  if (result.error) throw new Error(JSON.stringify(result.error));
  return result;
}

interface Row {
  what: string;
  ours: number;
  stock?: number;
  note?: string;
}

async function measureHttp(url: string, db: Database): Promise<Row[]> {
  const client = await signedInClient(url, admin!);
  // The admin's resource provider, from the same descriptors as the app's (data halves only: no React).
  const resources = [scansData, usersData, auditLogData];
  const provider = createResourceProvider({ client, url, anonKey: LOCAL_ANON_KEY, resources });
  /** A fresh provider: nothing seen yet, as after a reload or an opened link. */
  const freshList = (page: number) =>
    createResourceProvider({ client, url, anonKey: LOCAL_ANON_KEY, resources }).getList('scans', {
      pagination: { page, perPage: PAGE },
      sort,
      filter: {},
    });
  const sort = { field: 'created_at', order: 'DESC' } as const;
  const list = (page: number, filter: Record<string, unknown> = {}) =>
    provider.getList('scans', { pagination: { page, perPage: PAGE }, sort, filter });
  const stockPage = (offset: number) =>
    ok(
      client
        .from('scans')
        .select('*', { count: 'exact' })
        .order('created_at', { ascending: false })
        .range(offset, offset + PAGE - 1),
    );
  const stockSearch = (words: string[]) => {
    let query = client.from('scans').select('*', { count: 'exact' });
    for (const word of words) query = query.ilike('name', `%${word}%`);
    return ok(query.order('created_at', { ascending: false }).range(0, PAGE - 1));
  };

  const total = (await list(1)).total!;
  const middle = Math.floor(total / PAGE / 2) + 1;
  const last = Math.ceil(total / PAGE);
  // The notes' exact counts straight from the database (the admin sees every scan): the stock
  // requests that would count them can pass the statement timeout on a loaded machine.
  const exactTotal = Number(
    (await db.query<{ n: number }>('select count(*) as n from public.scans')).rows[0].n,
  );
  const matches = async (words: string[]) =>
    Number(
      (
        await db.query<{ n: number }>(
          `select count(*) as n from public.scans where ${words.map((_, i) => `name ilike $${i + 1}`).join(' and ')}`,
          words.map((word) => `%${word}%`),
        )
      ).rows[0].n,
    );
  const stockDashboard = () =>
    Promise.all([
      ...['scans', 'profiles', 'chats', 'payments', 'news', 'health_tips'].map((table) =>
        ok(client.from(table).select('*', { count: 'exact', head: true })),
      ),
      ok(client.from('scans').select('health_score').not('health_score', 'is', null)),
    ]);

  // The email of the user with the most scans: their scans found through admin_owner_ids (a fresh
  // provider each run, so the lookup is always paid), against the same OR with the joined email
  // column in it.
  const ownerEmail = (
    await db.query<{ email: string }>(
      `select u.email from public.scans s join auth.users u on u.id = s.user_id
        group by u.email order by count(*) desc, u.email limit 1`,
    )
  ).rows[0].email;
  const freshSearch = (q: string) =>
    createResourceProvider({ client, url, anonKey: LOCAL_ANON_KEY, resources }).getList('scans', {
      pagination: { page: 1, perPage: PAGE },
      sort,
      filter: { q },
    });
  const joinedEmailSearch = (word: string) =>
    ok(
      client
        .from('admin_scans')
        .select('*', { count: 'estimated' })
        .or(`name.ilike.*${word}*,category.ilike.*${word}*,owner_email.ilike.*${word}*`)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(0, PAGE - 1),
    );
  const ownerMatches = (await freshSearch(ownerEmail)).total!;
  const oneWord = await matches([ONE_WORD]);
  const twoWords = await matches(TWO_WORDS.split(' '));
  const users = Number((await db.query<{ n: number }>('select count(*) as n from auth.users')).rows[0].n);
  const count = (n: number) => n.toLocaleString('en-US');
  const rows: Row[] = [
    {
      what: 'dashboard',
      ...(await compare(() => ok(client.rpc('admin_dashboard_stats')), stockDashboard)),
      note: 'stock: 6 exact counts + every score',
    },
    {
      what: 'scans, first page',
      ...(await compare(
        () => list(1),
        () => stockPage(0),
      )),
      note: `shown: ${count(total)}, exact ${count(exactTotal)}`,
    },
    {
      what: 'scans, first page, loaded directly',
      ...(await compare(
        () => freshList(1),
        () => stockPage(0),
      )),
      note: 'a fresh provider: a reload or an opened link',
    },
    {
      what: `scans, page ${middle} loaded directly`,
      ...(await compare(
        () => freshList(middle),
        () => stockPage((middle - 1) * PAGE),
      )),
      note: 'total not yet known: one admin_page call (the estimated count, then the index-only seek with its rows)',
    },
    {
      what: `scans, last page (${last}) loaded directly`,
      ...(await compare(
        () => freshList(last),
        () => stockPage((Math.ceil(exactTotal / PAGE) - 1) * PAGE),
      )),
    },
    {
      what: `scans, middle page (${middle})`,
      ...(await compare(
        () => list(middle),
        () => stockPage((middle - 1) * PAGE),
      )),
    },
    {
      what: `scans, last page (${last})`,
      ...(await compare(
        () => list(last),
        // an estimated total may exceed the exact one: the stock list's last page is by the exact count
        () => stockPage((Math.ceil(exactTotal / PAGE) - 1) * PAGE),
      )),
    },
    {
      what: `search "${ONE_WORD}"`,
      ...(await compare(
        () => list(1, { q: ONE_WORD }),
        () => stockSearch([ONE_WORD]),
      )),
      note: `${count(oneWord)} matches`,
    },
    {
      what: `search "${TWO_WORDS}"`,
      ...(await compare(
        () => list(1, { q: TWO_WORDS }),
        () => stockSearch(TWO_WORDS.split(' ')),
      )),
      note: `${count(twoWords)} matches`,
    },
    {
      what: `search by owner email`,
      ...(await compare(
        () => freshSearch(ownerEmail),
        () => joinedEmailSearch(ownerEmail),
      )),
      note: `${count(ownerMatches)} matches; stock: owner_email ilike in the OR (every row joined)`,
    },
    {
      what: 'users, first page',
      ...(await compare(() =>
        provider.getList('users', {
          pagination: { page: 1, perPage: PAGE },
          sort,
          filter: {},
        }),
      )),
      note: `${count(users)} users; no stock pattern (auth.users is not exposed)`,
    },
  ];
  rows.push(...(await measureAudit(provider, db, rows.find((r) => r.what === 'scans, first page')!.ours)));
  await client.auth.signOut();
  return rows;
}

/**
 * The Audit Log's first page (unfiltered and by person) and one record's History, each beside the
 * scans list's first page measured above (the budget: within 2x of it).
 */
async function measureAudit(
  provider: ReturnType<typeof createResourceProvider>,
  db: Database,
  scansFirstPage: number,
): Promise<Row[]> {
  const sort = { field: 'occurred_at', order: 'DESC' } as const;
  const page = (filter: Record<string, unknown>, perPage = PAGE) =>
    provider.getList('audit-log', { pagination: { page: 1, perPage }, sort, filter });
  const entries = Number(
    (await db.query<{ n: number }>('select count(*) as n from public.audit_log')).rows[0].n,
  );
  const { rows: record } = await db.query<{ resource: string; record_id: string; n: number }>(
    `select resource, record_id, count(*)::int as n from public.audit_log
      where resource = 'tags' group by resource, record_id order by count(*) desc limit 1`,
  );
  const vsList = (ms: number) => `${(ms / scansFirstPage).toFixed(1)}x the scans first page`;
  const measured = [
    { what: 'audit log, first page', ours: (await compare(() => page({}))).ours },
    {
      what: 'audit log, one person, first page',
      ours: (await compare(() => page({ actor_email: admin!.email }))).ours,
    },
    {
      what: `a record's history (${record[0]?.n ?? 0} entries)`,
      ours: (await compare(() => page({ resource: 'tags', record_id: record[0]?.record_id ?? '' }, 50))).ours,
    },
  ];
  return measured.map((row) => ({
    ...row,
    note: `${vsList(row.ours)}; ${entries.toLocaleString('en-US')} entries`,
  }));
}

/** Serves the built admin on the bench database and times navigation to the first row of /admin/scans. */
async function measureBrowser(env: Record<string, string>): Promise<Row[]> {
  if (!existsSync('dist/admin/index.html')) {
    console.log('  (no dist/: run `npm run build` to measure /admin/scans in Chromium)');
    return [];
  }
  const server = await startBuiltServer(env);
  try {
    const origin = server.baseUrl;
    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
    try {
      const login = await browser.newContext();
      const page = await login.newPage();
      await page.goto(`${origin}/admin/login`);
      await page.getByLabel('Email').fill(admin!.email);
      await page.getByLabel('Password').fill(admin!.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/admin\/dashboard/);
      const state = await login.storageState();
      await login.close();

      type Tab = Awaited<ReturnType<typeof browser.newPage>>;
      /** performance.now() in the tab when a scans row first shows text (skeleton rows have none). */
      const rowShown = async (tab: Tab) => {
        const handle = await tab.waitForFunction(
          () => {
            const cell = [...document.querySelectorAll('tbody tr td')].find((td) => td.textContent?.trim());
            return cell ? performance.now() : null;
          },
          undefined,
          { timeout: 30_000, polling: 'raf' },
        );
        return (await handle.jsonValue()) as number;
      };
      /** Milliseconds from navigation start (a page load) to the first row. */
      const firstRow = async (tab: Tab) => {
        await tab.goto(`${origin}/admin/scans`);
        return rowShown(tab);
      };
      /** Milliseconds from navigation start to the first row of page 2,000, loaded directly (a reload, a link). */
      const deepRow = async (tab: Tab) => {
        await tab.goto(`${origin}/admin/scans?page=2000&perPage=${PAGE}`);
        return rowShown(tab);
      };
      /** Milliseconds from a click on Scans in the sidebar (the app already loaded) to the first row. */
      const inApp = async (tab: Tab) => {
        await tab.goto(`${origin}/admin/dashboard`);
        await tab.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
        const clicked = await tab.evaluate(() => performance.now());
        await tab.locator('a[href$="/admin/scans"]').first().click();
        return (await rowShown(tab)) - clicked;
      };
      const cold: number[] = [];
      const warm: number[] = [];
      const clicked: number[] = [];
      const deep: number[] = [];
      for (let i = 0; i < Math.max(3, Math.min(runs, 7)); i++) {
        const context = await browser.newContext({ storageState: state });
        const tab = await context.newPage();
        cold.push(await firstRow(tab));
        await tab.goto(`${origin}/admin/dashboard`);
        warm.push(await firstRow(tab));
        deep.push(await deepRow(tab));
        clicked.push(await inApp(tab));
        await context.close();
      }
      return [
        { what: '/admin/scans to first row, cold', ours: middle(cold), note: 'Chromium, new profile' },
        {
          what: '/admin/scans to first row, warm',
          ours: middle(warm),
          note: 'Chromium, page load, same tab again',
        },
        {
          what: '/admin/scans?page=2000 to first row, warm',
          ours: middle(deep),
          note: `Chromium, page load, same tab: ${(middle(deep) / middle(warm)).toFixed(2)}x the first page's`,
        },
        {
          what: 'Scans clicked in the sidebar to first row',
          ours: middle(clicked),
          note: 'Chromium, app loaded',
        },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    server.stop();
  }
}

const table = (rows: Row[]) =>
  rows.map((r) => ({
    what: r.what,
    'ours ms': +r.ours.toFixed(1),
    'stock ms':
      r.stock === undefined ? '' : r.stock === Number.POSITIVE_INFINITY ? 'timeout' : +r.stock.toFixed(1),
    'stock / ours':
      r.stock === undefined
        ? ''
        : r.stock === Number.POSITIVE_INFINITY
          ? 'stock timed out'
          : `${(r.stock / r.ours).toFixed(1)}x`,
    note: r.note ?? '',
  }));

const backends: Array<(size: number) => Promise<BenchDatabase>> = [];
if (values.only !== 'postgres') backends.push((size) => pgliteDatabase(size, Boolean(values.keep)));
if (process.env.DATABASE_URL && values.only !== 'pglite') {
  backends.push((size) => postgresDatabase(process.env.DATABASE_URL!, size, Boolean(values.keep)));
}

for (const size of sizes) {
  for (const backend of backends) {
    const target = await backend(size);
    console.log(`\n${target.label}, ${size.toLocaleString('en-US')} scans (medians of ${runs} runs)`);
    try {
      const db = await target.open();
      let rows: Row[];
      try {
        await seed(db, size);
        const { server, url } = await listenStandIn(createStandIn({ db }));
        try {
          rows = await measureHttp(url, db);
        } finally {
          server.close();
        }
      } finally {
        await db.close();
      }
      console.table(table(rows));
      if (size === BROWSER_SIZE && !values['no-browser'])
        console.table(table(await measureBrowser(target.env)));
    } finally {
      await target.drop();
    }
  }
}

/**
 * npm run bench:palette [-- --runs 7 --keep --no-browser --only pglite|postgres]
 *
 * The command palette and a person's page at scale (issue 40's targets):
 * - server time of public.admin_search per query, as the demo owner: the median over 20 typed
 *   prefixes (an app user's email and a scan's name, 3 to 12 characters each) of each prefix's
 *   median of --runs runs. PGlite at 100,000 scans and 10,000 users (target: at most 30 ms);
 *   with DATABASE_URL, PostgreSQL at 1,000,000 scans and 10,000 users (target: at most 15 ms).
 *   Timed around the query on the database connection (PGlite runs in this process; PostgreSQL
 *   over a local socket), and through the stand-in over HTTP with supabase-js for comparison;
 * - server time of public.admin_person for the user with the most scans;
 * - on PGlite, in Chromium (needs `npm run build`): from the last keystroke to the palette's
 *   results on screen (target: at most 150 ms, debounce included), and the person's page's first
 *   paint of all its sections against the Users list's first page (target: at most 2x).
 *
 * Seeding as `npm run bench` does (scripts/seed/generateScans.ts), plus app users up to 10,000.
 * DATABASE_URL as for `npm run bench` (a local PostgreSQL 15; see scripts/bench.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { startBuiltServer } from './benchBrowser';
import {
  assumeIdentity,
  openDatabase,
  prepareDatabase,
  type Database,
  type RequestIdentity,
} from '../mocks/supabase/db';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { createStandIn } from '../mocks/supabase/standIn';
import { PALETTE_PER_KIND, PERSON_SECTION_ROWS } from '../src/domain/palette';
import { signedInClient } from './bench/standInHttp';
import { listenStandIn } from '../mocks/supabase/testing/listen';
import { generateScans } from './seed/generateScans';

const USERS = 10_000;
const SIZES = { pglite: 100_000, postgres: 1_000_000 } as const;
const TARGETS = { pglite: 30, postgres: 15 } as const;
const OWNER_ID = '00000000-0000-4000-8000-000000000001';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    keep: { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);
const admin = DEMO_ACCOUNTS[0];

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/** App users up to USERS, with varied addresses (given names, numbers) and some phones. */
async function seedUsers(db: Database) {
  const have = Number((await db.query<{ n: number }>('select count(*) as n from auth.users')).rows[0].n);
  if (have >= USERS) return;
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            format('%s.%s%s@%s', (array['meera','arjun','priya','rahul','kavya','vikram','ananya','rohan','sneha','aditya'])[g % 10 + 1],
                   (array['iyer','sharma','patel','reddy','nair','gupta','khan','das','joshi','menon'])[(g / 10) % 10 + 1], g,
                   (array['example.in','mail.test','inbox.test'])[g % 3 + 1]),
            case when g % 4 = 0 then format('9198%s', lpad(g::text, 8, '0')) end, '',
            now() - make_interval(days => g % 365),
            '{"provider": "email", "providers": ["email"]}', '{}', now() - make_interval(days => g % 365), now()
       from generate_series(1, $1::int) g`,
    [USERS - have],
  );
  // As autovacuum would: the trigram index's pending entries merged, the statistics current.
  await db.exec('vacuum analyze auth.users, private.user_emails');
}

async function seed(db: Database, scans: number) {
  await prepareDatabase(db);
  const have = Number((await db.query<{ n: number }>('select count(*) as n from public.scans')).rows[0].n);
  if (have < scans) {
    const started = performance.now();
    await generateScans(db, {
      scans: scans - have,
      onProgress: (done, total) =>
        process.stdout.write(
          `\r  seeding ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} scans`,
        ),
    });
    process.stdout.write(` (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  await seedUsers(db);
  await db.exec(
    'analyze public.scans, public.profiles, public.chats, public.contact_messages, public.audit_log',
  );
}

/** The 20 typed prefixes: an app user's address and a scan's name, 3 to 12 characters each. */
async function typedPrefixes(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ email: string; name: string }>(
    `select (select email from auth.users where email like 'meera.%' order by email limit 1 offset 17) as email,
            (select name from public.scans where name is not null and char_length(name) > 14
              order by created_at desc limit 1 offset 500) as name`,
  );
  const { email, name } = rows[0];
  const prefixes = (text: string) => Array.from({ length: 10 }, (_, i) => text.slice(0, 3 + i));
  return [...prefixes(email), ...prefixes(name)];
}

/** Each prefix's median of `runs` runs of fn (after one warm-up), and the median and worst of those. */
async function timePrefixes(prefixes: string[], fn: (q: string) => Promise<unknown>) {
  const perPrefix: number[] = [];
  for (const q of prefixes) {
    await fn(q);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await fn(q);
      times.push(performance.now() - start);
    }
    perPrefix.push(median(times));
  }
  return { median: median(perPrefix), worst: Math.max(...perPrefix) };
}

async function measureDatabase(db: Database, label: keyof typeof TARGETS) {
  const prefixes = await typedPrefixes(db);
  const busiest = (
    await db.query<{ user_id: string; n: number }>(
      'select user_id, count(*)::int as n from public.scans where user_id is not null group by user_id order by 2 desc limit 1',
    )
  ).rows[0];
  const owner: RequestIdentity = {
    role: 'authenticated',
    claims: { sub: OWNER_ID, role: 'authenticated', aud: 'authenticated' },
  };
  let search = { median: 0, worst: 0 };
  let person = 0;
  let sample = 0;
  await db.transaction(async (tx) => {
    await assumeIdentity(tx, owner);
    search = await timePrefixes(prefixes, (q) =>
      tx.query('select * from public.admin_search($1, $2)', [q, PALETTE_PER_KIND]),
    );
    sample = (await tx.query('select * from public.admin_search($1, $2)', [prefixes[4], PALETTE_PER_KIND]))
      .rows.length;
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const start = performance.now();
      await tx.query('select public.admin_person($1, $2)', [busiest.user_id, PERSON_SECTION_ROWS]);
      if (i > 0) times.push(performance.now() - start);
    }
    person = median(times);
  });

  // The same searches as the app sends them: supabase-js over HTTP to the stand-in, signed in.
  const { server, url } = await listenStandIn(createStandIn({ db }));
  let http = { median: 0, worst: 0 };
  try {
    const client = await signedInClient(url, admin);
    http = await timePrefixes(prefixes, async (q) => {
      const { error: failed } = await client.rpc('admin_search', { q, per_kind: PALETTE_PER_KIND });
      if (failed) throw new Error(failed.message);
    });
  } finally {
    server.close();
  }
  console.table([
    {
      what: 'admin_search, server time',
      'median ms': +search.median.toFixed(1),
      'worst ms': +search.worst.toFixed(1),
      target: `<= ${TARGETS[label]} ms: ${search.median <= TARGETS[label] ? 'met' : 'MISSED'}`,
      note: `20 prefixes of "${prefixes[9]}" and "${prefixes[19]}"; "${prefixes[4]}" finds ${sample}`,
    },
    {
      what: 'admin_search over HTTP',
      'median ms': +http.median.toFixed(1),
      'worst ms': +http.worst.toFixed(1),
      target: '',
      note: 'supabase-js -> stand-in -> database',
    },
    {
      what: 'admin_person, server time',
      'median ms': +person.toFixed(1),
      'worst ms': '',
      target: '',
      note: `the user with the most scans (${busiest.n})`,
    },
  ]);
  return busiest.user_id;
}

/**
 * From the keydown of the last character to the palette's result count on screen (its status line
 * goes "Searching..." and then "N results"); null, with what was seen, if that never happened.
 */
async function keystrokeToResults(page: Page, query: string): Promise<number | null> {
  const box = page.getByRole('combobox', { name: 'Search and commands' });
  await box.fill(query.slice(0, -1));
  await page.waitForFunction(() =>
    /results?$/.test(document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? ''),
  );
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('[role="dialog"] [role="combobox"]')!;
    const status = document.querySelector('[role="dialog"] [role="status"]')!;
    const w = window as unknown as { paletteLog: [number, string][] };
    w.paletteLog = [];
    input.addEventListener('keydown', () => w.paletteLog.push([performance.now(), 'keydown']), {
      once: true,
    });
    new MutationObserver(() => w.paletteLog.push([performance.now(), status.textContent ?? ''])).observe(
      status,
      {
        childList: true,
        characterData: true,
        subtree: true,
      },
    );
  });
  // type, not press: the last character may be a space or a capital.
  await page.keyboard.type(query.slice(-1));
  const shown = () =>
    page.evaluate(() => {
      const log = (window as unknown as { paletteLog: [number, string][] }).paletteLog;
      const typed = log.findIndex(([, text]) => text === 'keydown');
      const searching = log.findIndex(([, text], i) => i > typed && text === 'Searching...');
      const results = log.find(([, text], i) => i > searching && /results?$/.test(text));
      return typed >= 0 && searching >= 0 && results ? results[0] - log[typed][0] : null;
    });
  for (let waited = 0; waited < 10_000; waited += 20) {
    const ms = await shown();
    if (ms !== null) return ms;
    await page.waitForTimeout(20);
  }
  console.log(
    `  "${query}": no results shown`,
    await page.evaluate(() => (window as unknown as { paletteLog: unknown }).paletteLog),
  );
  return null;
}

async function measureBrowser(env: Record<string, string>, personId: string, prefixes: string[]) {
  if (!existsSync('dist/admin/index.html')) {
    console.log('  (no dist/: run `npm run build` to measure the palette and the page in Chromium)');
    return;
  }
  const server = await startBuiltServer(env);
  try {
    const origin = server.baseUrl;
    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/admin/login`);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/admin\/dashboard/);

      // The app bar's button once the admin app is up (a Ctrl+K before it loaded would be lost).
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const typed: number[] = [];
      for (const query of prefixes.filter((q) => q.length >= 4)) {
        const ms = await keystrokeToResults(page, query);
        if (ms !== null) typed.push(ms);
      }
      await page.keyboard.press('Escape');

      /** Milliseconds from a page load's start to `ready` holding. */
      const loadTime = async (url: string, ready: () => boolean) => {
        await page.goto(url);
        const handle = await page.waitForFunction(ready, undefined, { timeout: 30_000, polling: 'raf' });
        await handle.dispose();
        return page.evaluate(() => performance.now());
      };
      const list: number[] = [];
      const person: number[] = [];
      for (let i = 0; i < Math.max(3, runs); i++) {
        list.push(
          await loadTime(`${origin}/admin/users`, () =>
            [...document.querySelectorAll('tbody tr td')].some((td) => td.textContent?.trim()),
          ),
        );
        person.push(
          await loadTime(
            `${origin}/admin/users/${personId}`,
            // Every section (3 of the account, 7 of their records) has its heading once the one read answered.
            () => document.querySelectorAll('section h2').length >= 10,
          ),
        );
      }
      const keystroke = median(typed);
      console.table([
        {
          what: 'keystroke to palette results',
          'median ms': +keystroke.toFixed(1),
          'worst ms': +Math.max(...typed).toFixed(1),
          target: `<= 150 ms: ${keystroke <= 150 ? 'met' : 'MISSED'}`,
          note: `${typed.length} queries, Chromium, debounce included`,
        },
        {
          what: 'Users list, first row',
          'median ms': +median(list).toFixed(1),
          'worst ms': +Math.max(...list).toFixed(1),
          target: '',
          note: 'page load to first row',
        },
        {
          what: "person's page, all sections",
          'median ms': +median(person).toFixed(1),
          'worst ms': +Math.max(...person).toFixed(1),
          target: `<= 2x: ${(median(person) / median(list)).toFixed(2)}x ${median(person) <= 2 * median(list) ? 'met' : 'MISSED'}`,
          note: 'page load to every section shown',
        },
      ]);
    } finally {
      await browser.close();
    }
  } finally {
    server.stop();
  }
}

async function run(label: keyof typeof SIZES) {
  const size = SIZES[label];
  console.log(
    `\n${label === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${size.toLocaleString('en-US')} scans, ${USERS.toLocaleString('en-US')} users`,
  );
  let dataDir = '';
  let databaseUrl = '';
  if (label === 'pglite') {
    dataDir = values.keep
      ? `.data/bench-palette-${size}`
      : await mkdtemp(path.join(tmpdir(), 'labellens-palette-'));
    await mkdir(dataDir, { recursive: true });
  } else {
    const name = `labellens_bench_palette_${size}`;
    const server = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
    const exists =
      (await server.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
    if (exists && !values.keep) await server.exec(`drop database ${name} with (force)`);
    if (!exists || !values.keep) await server.exec(`create database ${name}`);
    await server.close();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  try {
    const db = await openDatabase(dataDir ? { dataDir } : { databaseUrl });
    let personId: string;
    let prefixes: string[];
    try {
      await seed(db, size);
      personId = await measureDatabase(db, label);
      prefixes = await typedPrefixes(db);
    } finally {
      await db.close();
    }
    if (label === 'pglite' && !values['no-browser'])
      await measureBrowser({ LOCAL_DB_DIR: dataDir }, personId, prefixes);
  } finally {
    if (!values.keep) {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      else {
        const server = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
        await server.exec(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
        await server.close();
      }
    }
  }
}

if (values.only !== 'postgres') await run('pglite');
if (process.env.DATABASE_URL && values.only !== 'pglite') await run('postgres');

/**
 * `npm run bench:demo` (docs/demo.md): the built demo (dist-demo/, from `npm run build:demo`; this
 * builds nothing) behind the plain static server of `npm run test:demo`, below a sub-path, in
 * Chromium over loopback. Medians of RUNS runs of: a first visit (fresh context, empty cache) until
 * the sign-in page is usable (its email field enabled, the stand-in ready), and a reload of
 * /admin/news after signing in until its rows show. Then the first visit's bytes: every file it
 * fetched, raw and Brotli (quality 11), summed by kind. Exits non-zero when a median is over its
 * budget.
 */
import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { staticServer } from '../tests/demo/staticServer';
import { freePort, launchChromium } from './benchBrowser';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FOLDER = '/labellens';
const BUDGET_MS = { signIn: 5000, reload: 1500 };
const ROOT = path.resolve('dist-demo');

/** BENCH_TRACE=file.json: Chromium's performance trace of the first run's reload (chrome://tracing, DevTools). */
const TRACE = process.env.BENCH_TRACE;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-devtools.timeline',
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** What a fetched file is, for the byte breakdown. */
function kindOf(file: string): string {
  if (file.startsWith('/data/')) return 'seed data';
  if (/\.(wasm|data)$/.test(file) || /pglite|initdb/i.test(file)) return 'PGlite (wasm, data, worker)';
  if (file.endsWith('.css')) return 'CSS';
  if (/\.(woff2?|ttf)$/.test(file)) return 'fonts';
  if (file.endsWith('.js')) return 'JavaScript';
  if (file.endsWith('.html') || file.endsWith('/')) return 'pages';
  return 'other';
}

/**
 * Marks, in the page, the first painted frame in which each moment holds (`bench:sign-in`, `bench:rows`).
 * Playwright's waits poll, every 100-500 ms after their first tries, so the moment they return is up
 * to half a second after the page showed it (docs/demo.md). A string: tsx would add helpers to a
 * function that the page does not have. It runs before the document has an element.
 */
const MOMENTS_SCRIPT = `(() => {
  const moments = {
    'bench:sign-in': () => document.documentElement?.dataset.standIn === 'ready' &&
      !!document.querySelector('input[type="email"]:enabled, input[name="email"]:enabled'),
    'bench:rows': () => [...document.querySelectorAll('tbody tr')].some((row) => /\\S/.test(row.textContent)),
  };
  const seen = new Set();
  (function frame() {
    for (const [name, holds] of Object.entries(moments)) {
      if (seen.has(name) || !holds()) continue;
      seen.add(name);
      // The next frame's start: the frame that holds it has been painted.
      requestAnimationFrame(() => performance.mark(name));
    }
    if (seen.size < Object.keys(moments).length) requestAnimationFrame(frame);
  })();
})();`;

/** When the page marked `name` (MOMENTS_SCRIPT), in ms after `since` (a Date.now() in this process). */
async function momentAfter(page: Page, name: string, since: number): Promise<number> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, {
    polling: 'raf',
  });
  const at = await page.evaluate(
    (mark) => performance.timeOrigin + performance.getEntriesByName(mark)[0].startTime,
    name,
  );
  return Math.round(at - since);
}

async function waitStandIn(page: Page) {
  await page.locator('html[data-stand-in="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
}

/** The reloaded page's demo:* marks (demo/marks.ts) and its rows' (MOMENTS_SCRIPT), in ms from its start. */
function reloadMarks(page: Page): Promise<string> {
  return page.evaluate(() => {
    const marks = performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('demo:') || m.name === 'bench:rows')
      .sort((a, b) => a.startTime - b.startTime)
      .map((m) => `${m.name.replace(/^(demo|bench):/, '')} ${Math.round(m.startTime)}`);
    return marks.join(', ');
  });
}

/**
 * The list's first row with data: a row with text in it (the list's loading skeleton has rows
 * too, with no text in them).
 */
const firstDataRow = (page: Page) =>
  page.locator('tbody tr').filter({ hasText: /\S/ }).first().waitFor({ timeout: 60_000 });

async function main() {
  statSync(path.join(ROOT, 'data/seed.tar.gz')); // built? (npm run build:demo)
  const port = Number(process.env.DEMO_PORT ?? (await freePort()));
  const { server, requests } = staticServer(ROOT, FOLDER);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}${FOLDER}`;
  const browser = await launchChromium();
  const owner = DEMO_ACCOUNTS.find((a) => a.email === 'admin@labellens.dev')!;
  const signIn: number[] = [];
  const reload: number[] = [];
  let firstVisitFiles: string[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(MOMENTS_SCRIPT);
      requests.length = 0;
      const start = Date.now();
      await page.goto(`${origin}/admin/login`);
      await waitStandIn(page);
      const email = page.getByLabel(/email/i);
      await email.waitFor({ state: 'visible', timeout: 60_000 });
      await page.waitForFunction(() => {
        const input = document.querySelector<HTMLInputElement>('input[type="email"], input[name="email"]');
        return !!input && !input.disabled;
      });
      const signInSeen = Date.now() - start;
      signIn.push(await momentAfter(page, 'bench:sign-in', start));
      console.log(
        `  run ${run + 1}: sign-in usable after ${signIn[run]} ms (Playwright saw it after ${signInSeen} ms)`,
      );
      if (run === 0) firstVisitFiles = [...requests];

      await email.fill(owner.email);
      await page.getByLabel(/password/i).fill(owner.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${origin}/admin/dashboard`, { timeout: 60_000 });
      await page.goto(`${origin}/admin/news`);
      await firstDataRow(page);
      if (TRACE && run === 0)
        await browser.startTracing(page, { path: TRACE, screenshots: false, categories: TRACE_CATEGORIES });
      const reloadStart = Date.now();
      await page.reload();
      await firstDataRow(page);
      const rowsSeen = Date.now() - reloadStart;
      reload.push(await momentAfter(page, 'bench:rows', reloadStart));
      if (TRACE && run === 0) await browser.stopTracing();
      console.log(
        `  run ${run + 1}: /admin/news reloaded, rows after ${reload[run]} ms (Playwright saw them after ${rowsSeen} ms)`,
      );
      console.log(`    ${await reloadMarks(page)}`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }

  const byKind = new Map<string, { files: number; raw: number; brotli: number }>();
  for (const url of new Set(firstVisitFiles)) {
    let file = path.join(ROOT, url.slice(FOLDER.length));
    try {
      if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
    } catch {
      continue; // a 404 (none expected)
    }
    const bytes = readFileSync(file);
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const kind = kindOf(url.slice(FOLDER.length));
    const sum = byKind.get(kind) ?? { files: 0, raw: 0, brotli: 0 };
    byKind.set(kind, { files: sum.files + 1, raw: sum.raw + bytes.length, brotli: sum.brotli + brotli });
  }
  const kB = (n: number) => `${(n / 1000).toFixed(0)} kB`;
  console.log(`bench:demo, ${RUNS} runs (medians; all runs in ms)`);
  console.log(
    `  first visit, sign-in usable: ${median(signIn)} ms [${signIn.join(', ')}] (budget ${BUDGET_MS.signIn})`,
  );
  console.log(
    `  reload of /admin/news, rows shown: ${median(reload)} ms [${reload.join(', ')}] (budget ${BUDGET_MS.reload})`,
  );
  console.log('  first visit bytes (raw / Brotli q11):');
  let raw = 0;
  let brotli = 0;
  for (const [kind, sum] of [...byKind].sort((a, b) => b[1].brotli - a[1].brotli)) {
    console.log(`    ${kind}: ${sum.files} files, ${kB(sum.raw)} / ${kB(sum.brotli)}`);
    raw += sum.raw;
    brotli += sum.brotli;
  }
  console.log(`    total: ${kB(raw)} / ${kB(brotli)}`);
  const over = median(signIn) > BUDGET_MS.signIn || median(reload) > BUDGET_MS.reload;
  if (over) {
    console.error('bench:demo: over budget');
    process.exitCode = 1;
  }
}

await main();

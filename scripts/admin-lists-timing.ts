/**
 * Times the scans list in Chromium against a running server (e.g. after
 * `npm run db:seed -- --scans 100000` and `npm run serve`): navigation to rows visible, the jump
 * to the last page, and a two-word search, counting the list requests of each action; then a
 * reload to the first row (median of RELOADS), in the warm tab and with a new browser profile
 * (empty cache, the session kept; timed from its navigation, the time Chromium takes to open the
 * context printed apart), of the first page and of the last page loaded directly, with
 * the requests of one warm reload in the order they left (the waterfall).
 *
 *   BASE_URL=http://127.0.0.1:5173 SEARCH="amul chocolate" npm run bench:lists
 */
import type { Page } from '@playwright/test';
import { firstRowShown, launchChromium, median, signIn } from './benchBrowser';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:5173';
const SEARCH = process.env.SEARCH ?? 'amul chocolate';
const LIST_PATH = '/rest/v1/admin_scans';
const RELOADS = Number(process.env.RELOADS ?? 5);

async function timed(page: Page, label: string, action: () => Promise<void>, ready: () => Promise<void>) {
  const requests: string[] = [];
  let answered = 0;
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes(LIST_PATH)) requests.push(request.url());
  };
  const onResponse = (response: { url(): string }) => {
    if (response.url().includes(LIST_PATH)) answered += 1;
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  const start = performance.now();
  await action();
  // Rows are visible once every list request has been answered and the range shows the new page.
  while (requests.length === 0 || answered < requests.length) await page.waitForTimeout(5);
  await ready();
  const ms = performance.now() - start;
  page.off('request', onRequest);
  page.off('response', onResponse);
  console.log(`${label}: ${ms.toFixed(0)} ms, ${requests.length} list request(s)`);
}

const browser = await launchChromium();
const page = await browser.newPage();
await signIn(page, BASE_URL);

const range = page.locator('.MuiTablePagination-displayedRows');
const firstRow = page.locator('table tbody tr').first();
let rangeBefore = '';
const rowsVisible = async () => {
  await page.waitForFunction(
    (before) => {
      const text = document.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '';
      return text !== '' && text !== before && document.querySelector('table tbody tr td') !== null;
    },
    rangeBefore,
    { timeout: 60_000 },
  );
  await firstRow.waitFor();
};

await timed(
  page,
  'open /admin/scans (navigation to rows visible)',
  () => page.goto(`${BASE_URL}/admin/scans`).then(() => undefined),
  rowsVisible,
);
console.log(`  ${await range.innerText()}`);
rangeBefore = await range.innerText();
const pageButtons = page.locator('nav[aria-label="pagination navigation"] button[aria-label^="Go to page"]');
await timed(page, 'jump to the last page', () => pageButtons.last().click(), rowsVisible);
console.log(`  ${await range.innerText()}`);
rangeBefore = await range.innerText();
await timed(
  page,
  `search "${SEARCH}"`,
  () => page.getByPlaceholder('Search scans by name, category or owner email...').fill(SEARCH),
  rowsVisible,
);
console.log(`  ${await range.innerText()}`);

// Reloads to the first row. The last page's URL is the one the jump above produced.
await page.getByPlaceholder('Search scans by name, category or owner email...').fill('');
await firstRow.waitFor();
const lastPageUrl = new URL(page.url());
lastPageUrl.searchParams.delete('filter');
/**
 * Milliseconds from the start of a load to the first row, RELOADS times. A load that first opens a
 * browser context says when its navigation began (`navigated`): the time is counted from there, and
 * the browser's own time to open the context and tab is printed apart.
 */
async function reloads(
  label: string,
  load: () => Promise<{ page: Page; navigated?: number; done?: () => Promise<void> }>,
) {
  const times: number[] = [];
  const opening: number[] = [];
  for (let i = 0; i < RELOADS; i += 1) {
    const start = performance.now();
    const { page: loaded, navigated = start, done } = await load();
    await firstRowShown(loaded);
    times.push(performance.now() - navigated);
    if (navigated !== start) opening.push(navigated - start);
    await done?.();
  }
  const list = (values: number[]) => values.map((t) => t.toFixed(0)).join(', ');
  console.log(`${label}: median ${median(times).toFixed(0)} ms (${list(times)})`);
  if (opening.length > 0)
    console.log(
      `  before each, opening the new context and tab: median ${median(opening).toFixed(0)} ms (${list(opening)})`,
    );
}

const session = await page.context().storageState();
for (const [name, url] of [
  ['first page', `${BASE_URL}/admin/scans`],
  ['last page', lastPageUrl.href],
] as const) {
  await page.goto(url);
  await firstRowShown(page);
  await reloads(`reload of the ${name}, warm tab`, async () => {
    await page.reload({ waitUntil: 'commit' });
    return { page };
  });
  await reloads(`load of the ${name}, new browser profile`, async () => {
    const context = await browser.newContext({ storageState: session });
    const fresh = await context.newPage();
    const navigated = performance.now();
    await fresh.goto(url, { waitUntil: 'commit' });
    return { page: fresh, navigated, done: () => context.close() };
  });
}

// One warm reload's requests, in the order they left, with when they left and were answered.
await page.goto(`${BASE_URL}/admin/scans`);
await firstRowShown(page);
const waterfall: Array<{ url: string; left: number; answered?: number }> = [];
const origin = performance.now();
const onLeave = (request: { url(): string }) =>
  waterfall.push({ url: request.url(), left: performance.now() - origin });
const onAnswer = (response: { url(): string }) => {
  const entry = waterfall.find((e) => e.url === response.url() && e.answered === undefined);
  if (entry) entry.answered = performance.now() - origin;
};
page.on('request', onLeave);
page.on('response', onAnswer);
await page.reload({ waitUntil: 'commit' });
await firstRowShown(page);
const shown = performance.now() - origin;
page.off('request', onLeave);
page.off('response', onAnswer);
console.log(`waterfall of one warm reload (first row at ${shown.toFixed(0)} ms):`);
for (const { url, left, answered } of waterfall) {
  const { pathname } = new URL(url);
  const took = answered === undefined ? '' : ` -> ${answered.toFixed(0)}`;
  console.log(`  ${left.toFixed(0).padStart(5)}${took.padEnd(8)} ms  ${pathname}`);
}
await browser.close();

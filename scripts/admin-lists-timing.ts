/**
 * Times the scans list in Chromium against a running server (e.g. after
 * `npm run db:seed -- --scans 100000` and `npm run serve`): navigation to rows visible, the jump
 * to the last page, and a two-word search, counting the list requests of each action.
 *
 *   BASE_URL=http://127.0.0.1:5173 SEARCH="amul chocolate" npm run bench:lists
 */
import { chromium, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:5173';
const SEARCH = process.env.SEARCH ?? 'amul chocolate';
const LIST_PATH = '/rest/v1/admin_scans';

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

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
await page.goto(`${BASE_URL}/admin/login`);
await page.getByLabel(/email/i).fill(DEMO_ACCOUNTS[0].email);
await page.getByLabel(/password/i).fill(DEMO_ACCOUNTS[0].password);
await page.getByRole('button', { name: 'Sign In' }).click();
await page.getByText('Welcome to Admin Panel').waitFor();

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
await browser.close();

/**
 * Times one operator task on a phone against a running server (`npm run serve`): from the
 * dashboard, find a user by email and open their scans (menu, Users, search by email, the user's
 * row, View scans). Chromium at 390x844 with touch; every step is a tap or one typed entry, as a
 * person would do it, and the script counts them. It prints the taps, the typed entries and the
 * time from the dashboard to the user's scans on screen.
 *
 *   BASE_URL=http://127.0.0.1:5173 EMAIL=suresh.menon@example.in npm run bench:phone-task
 */
import { chromium, type Locator } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:5173';
const EMAIL = process.env.EMAIL ?? 'suresh.menon@example.in';

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
});
const page = await context.newPage();
await page.goto(`${BASE_URL}/admin/login`);
await page.getByLabel(/email/i).fill(DEMO_ACCOUNTS[0].email);
await page.getByLabel(/password/i).fill(DEMO_ACCOUNTS[0].password);
await page.getByRole('button', { name: 'Sign In' }).click();
await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();

let taps = 0;
let typed = 0;
const tap = async (target: Locator) => {
  await target.tap();
  taps += 1;
};

const start = performance.now();
await tap(page.getByRole('button', { name: 'Open menu' }));
await tap(page.getByRole('menuitem', { name: 'Users' }));
const search = page.getByPlaceholder(/search by email/i);
await tap(search);
await search.fill(EMAIL);
typed += 1;
// The list follows the search box: the one row left is the user's.
const row = page.getByTestId('phone-list').getByRole('link', { name: EMAIL });
await page.getByTestId('users-found').getByText(/^1 user/).waitFor();
await tap(row);
await tap(page.getByRole('dialog').getByRole('link', { name: 'View scans' }));
await page.waitForURL(/\/admin\/scans\?/);
const firstScan = page.getByTestId('phone-list').getByRole('listitem').first();
await firstScan.waitFor();
const ms = performance.now() - start;
const owners = await page.getByTestId('phone-list').getByRole('listitem').allInnerTexts();
await browser.close();

if (!owners.every((text) => text.includes(EMAIL))) {
  console.error(`A scan of someone else is listed: ${owners.find((text) => !text.includes(EMAIL))}`);
  process.exit(1);
}
console.log(
  `Find ${EMAIL} and open their scans on a 390x844 phone: ${taps} taps and ${typed} typed entry, ` +
    `${(ms / 1000).toFixed(1)} s, ${owners.length} of their scans on the first page.`,
);

/**
 * Times one operator task on a phone against a running server (`npm run serve`): from the
 * dashboard, find a user by email and open their scans, by both routes the admin offers:
 * - through Users: menu, Users, search by email, the user's row, View scans;
 * - from Scans: menu, Food Scans, the search box with the email (it matches the owner's email).
 * Chromium at 390x844 with touch; every step is a tap or one typed entry, as a person would do
 * it, and the script counts them. It prints the taps, the typed entries and the time from the
 * dashboard to the user's scans on screen, and fails if a scan of someone else is listed.
 *
 *   BASE_URL=http://127.0.0.1:5173 EMAIL=suresh.menon@example.in npm run bench:phone-task
 */
import { chromium, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:5173';
const EMAIL = process.env.EMAIL ?? 'suresh.menon@example.in';

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
let taps = 0;
let typed = 0;
const tap = async (target: Locator) => {
  await target.tap();
  taps += 1;
};
const typeIn = async (field: Locator, text: string) => {
  await tap(field);
  await field.fill(text);
  typed += 1;
};

/** How many phone rows show once every one of them is the user's (the list follows the search box). */
async function onlyTheirScans(page: Page) {
  const shown = await page.waitForFunction(
    (email) => {
      // The Food Scans page, not the Users list it was opened from (that list has a phone-list too).
      if (!document.querySelector('h1')?.textContent?.includes('Scans')) return false;
      const items = [...document.querySelectorAll('[data-testid="phone-list"] li')];
      return items.length > 0 && items.every((item) => item.textContent?.includes(email)) && items.length;
    },
    EMAIL,
    { timeout: 30_000 },
  );
  return (await shown.jsonValue()) as number;
}

/** Each route in a fresh, signed-in phone, timed from the dashboard. */
async function timed(route: string, steps: (page: Page) => Promise<number>) {
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
  taps = 0;
  typed = 0;
  const start = performance.now();
  const shown = await steps(page);
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  await context.close();
  console.log(
    `${route}: find ${EMAIL} and open their scans on a 390x844 phone: ${taps} taps and ${typed} typed ` +
      `entry, ${seconds} s, ${shown} of their scans on the first page.`,
  );
}

await timed('From Food Scans', async (page) => {
  await tap(page.getByRole('button', { name: 'Open menu' }));
  await tap(page.getByRole('menuitem', { name: 'Scans' }));
  await page.waitForURL(/\/admin\/scans/);
  await typeIn(page.getByPlaceholder(/owner email/i), EMAIL);
  return onlyTheirScans(page);
});

await timed('Through Users', async (page) => {
  await tap(page.getByRole('button', { name: 'Open menu' }));
  await tap(page.getByRole('menuitem', { name: 'Users' }));
  await typeIn(page.getByPlaceholder(/search by email/i), EMAIL);
  await page
    .getByTestId('users-found')
    .getByText(/^1 user/)
    .waitFor();
  await tap(page.getByTestId('phone-list').getByRole('link', { name: EMAIL }));
  await tap(page.getByRole('dialog').getByRole('link', { name: 'View scans' }));
  await page.waitForURL(/\/admin\/scans\?/);
  return onlyTheirScans(page);
});
await browser.close();

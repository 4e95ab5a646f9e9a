/**
 * Measures how wide each admin screen lays out (document.documentElement.scrollWidth) at the given
 * viewport widths, in Chromium with touch, against a running server (`npm run serve`). A page
 * wider than its viewport scrolls sideways on a phone; the browser tests assert the same figure
 * (tests/e2e/admin/phone.spec.ts, desktopWidth.spec.ts).
 *
 *   BASE_URL=http://127.0.0.1:5173 WIDTHS=360,390,414,1366 npm run bench:widths
 */
import { chromium, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:5173';
const WIDTHS = (process.env.WIDTHS ?? '390').split(',').map(Number);

/** The screens, by path below /admin (the History tab is the notifications page's second tab). */
const SCREENS = [
  'dashboard',
  'scans',
  'profiles',
  'users',
  'chats',
  'messages',
  'notifications',
  'notifications#history',
  'news',
  'payments',
  'health-tips',
  'tags',
  'audit-log',
  'contact-messages',
  'security',
];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Skeleton rows and charts lay out after the last answer.
  await page.waitForTimeout(400);
}

const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const rows: Record<string, Record<number, number>> = {};
for (const viewportWidth of WIDTHS) {
  const context = await browser.newContext({
    viewport: { width: viewportWidth, height: viewportWidth < 600 ? 844 : 900 },
    hasTouch: viewportWidth < 600,
    isMobile: viewportWidth < 600,
  });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin/login`);
  await settle(page);
  (rows.login ??= {})[viewportWidth] = await width(page);
  await page.getByLabel(/email/i).fill(DEMO_ACCOUNTS[0].email);
  await page.getByLabel(/password/i).fill(DEMO_ACCOUNTS[0].password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Welcome to Admin Panel').waitFor();
  for (const screen of SCREENS) {
    const [path, tab] = screen.split('#');
    await page.goto(`${BASE_URL}/admin/${path}`);
    await settle(page);
    if (tab) {
      await page.getByRole('tab', { name: new RegExp(tab, 'i') }).click();
      await settle(page);
    }
    (rows[screen] ??= {})[viewportWidth] = await width(page);
  }
  await context.close();
}
await browser.close();
console.log(['screen', ...WIDTHS.map((w) => `at ${w}`)].join('\t'));
for (const [screen, widths] of Object.entries(rows)) {
  console.log([screen, ...WIDTHS.map((w) => widths[w])].join('\t'));
}

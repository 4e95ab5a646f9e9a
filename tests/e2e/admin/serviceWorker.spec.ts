import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { en } from '../../../src/i18n/en';
import { PAGE_CACHE } from '../../../src/serviceWorker/protocol';
import { signInAsAdmin } from './signIn';

/**
 * The admin's service worker (src/serviceWorker/sw.ts) in Chromium: a reload is answered from the
 * page's kept copy, nothing but page loads goes through it, a copy older than the server's page is
 * said to be so, and a kept page opens offline and says it is offline.
 */
const NOTICES = en.labellens.page_notices;
const LOADED = { timeout: 30_000 };

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await signInAsAdmin(page);
  // Registered once the page has loaded; it answers the next page load.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
});

test.afterAll(async () => {
  await page.context().close();
});

const firstRow = () => page.locator('table tbody tr').first();

/** Every answer the page gets while `load` runs. */
async function answersDuring(load: () => Promise<unknown>): Promise<Response[]> {
  const answers: Response[] = [];
  const collect = (response: Response) => answers.push(response);
  page.on('response', collect);
  try {
    await load();
    await expect(firstRow()).toBeVisible(LOADED);
  } finally {
    page.off('response', collect);
  }
  return answers;
}

/** axe's serious and critical WCAG 2.1 A/AA findings inside `notice`, by rule. */
async function axeFindings(notice: Locator): Promise<string[]> {
  await notice.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('[role="alert"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** Makes the worker's copy of /admin/scans differ from the server's page, as a deploy does. */
const ageKeptCopy = () =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const key = `${location.origin}/admin/scans`;
    const kept = await cache.match(key);
    if (!kept) throw new Error('no kept copy of /admin/scans');
    const older = (await kept.text()).replace('</head>', '<meta name="deployed" content="before">\n</head>');
    await cache.put(key, new Response(older, { headers: kept.headers }));
  }, PAGE_CACHE);

const keptPaths = () =>
  page.evaluate(async (name) => {
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, PAGE_CACHE);

test('answers a reload from the page it kept, and lets chunks and data go to the network', async () => {
  await page.goto('/admin/scans');
  await expect(firstRow()).toBeVisible(LOADED);
  expect(await keptPaths()).toContain('/admin/scans');

  const answers = await answersDuring(() => page.reload());
  const pageLoad = answers.find((r) => new URL(r.url()).pathname === '/admin/scans');
  expect(pageLoad?.fromServiceWorker()).toBe(true);
  const others = answers.filter((r) => r !== pageLoad);
  expect(others.some((r) => r.url().includes('/assets/'))).toBe(true);
  expect(others.some((r) => r.url().includes('/rest/v1/admin_scans'))).toBe(true);
  expect(others.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
  await expect(page.getByText(NOTICES.new_version)).toHaveCount(0);
});

test('says so when the page it opened is older than the server’s, and reloads into the new one', async () => {
  // A deploy as the worker sees it: its copy of the page differs from what the server sends now.
  await ageKeptCopy();

  await page.reload();
  await expect(firstRow()).toBeVisible(LOADED);
  await expect(page.locator('meta[name="deployed"]')).toHaveCount(1);
  const notice = page.getByRole('alert').filter({ hasText: NOTICES.new_version });
  await expect(notice).toBeVisible();
  expect(await axeFindings(notice)).toEqual([]);

  await notice.getByRole('button', { name: NOTICES.reload }).click();
  await expect(firstRow()).toBeVisible(LOADED);
  await expect(page.locator('meta[name="deployed"]')).toHaveCount(0);
  await expect(page.getByText(NOTICES.new_version)).toHaveCount(0);
});

test('the new-version notice is reached and dismissed with the keyboard alone', async () => {
  await ageKeptCopy();
  await page.reload();
  await expect(firstRow()).toBeVisible(LOADED);
  const notice = page.getByRole('alert').filter({ hasText: NOTICES.new_version });
  await expect(notice).toBeVisible();

  // It comes first on the page, before the app's own skip link: Tab reaches Reload, then Dismiss.
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(notice.getByRole('button', { name: NOTICES.reload })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(notice.getByRole('button', { name: NOTICES.dismiss })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(NOTICES.new_version)).toHaveCount(0);
});

test('opens a kept page offline and says it is offline until the connection is back', async () => {
  await page.context().setOffline(true);
  try {
    const answer = await page.reload();
    expect(answer?.fromServiceWorker()).toBe(true);
    // Chromium 150 does not carry the emulated offline state into a document its service worker
    // answered (navigator.onLine is true there; a browser really offline says false in every
    // document): it is set again, which the new document hears as the browser going offline.
    await page.context().setOffline(false);
    await page.context().setOffline(true);
    const notice = page.getByRole('alert').filter({ hasText: NOTICES.offline });
    await expect(notice).toBeVisible(LOADED);
    expect(await axeFindings(notice)).toEqual([]);
  } finally {
    await page.context().setOffline(false);
  }
  await expect(page.getByText(NOTICES.offline)).toHaveCount(0);
});

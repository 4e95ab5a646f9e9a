import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './signIn';

/** Every list fits a 1366x900 laptop: no sideways scrolling, each row's last button on screen. */
const LAPTOP = { width: 1366, height: 900 };
const LOADED = { timeout: 30_000 };

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: LAPTOP })).newPage();
  await page.goto('/admin/login');
  await signInAsAdmin(page);
});

test.afterAll(async () => {
  await page.context().close();
});

const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

/** Each list and the button at the end of its first row (the details eye, or Edit). */
const LISTS = [
  ['scans', 'Show'],
  ['profiles', 'Show'],
  ['users', 'Show'],
  ['chats', 'Show'],
  ['news', 'Show'],
  ['health-tips', 'Edit'],
  ['tags', 'Edit'],
  ['contact-messages', 'Show'],
] as const;

for (const [path, button] of LISTS) {
  test(`${path} fits 1366 px with its first row's ${button} button on screen`, async () => {
    await page.goto(`/admin/${path}`);
    const firstRow = page.locator('table tbody tr').first();
    await expect(firstRow.getByRole('link', { name: button })).toBeInViewport(LOADED);
    await expect.poll(scrollWidth).toBe(LAPTOP.width);
  });
}

test('audit log fits 1366 px with its filters and Export on screen', async () => {
  await page.goto('/admin/audit-log');
  await expect(page.locator('table tbody tr').first()).toBeVisible(LOADED);
  await expect(page.getByRole('button', { name: 'Export' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Add filter' })).toBeInViewport();
  await expect.poll(scrollWidth).toBe(LAPTOP.width);
});

test('profiles: Owner, Add filter and Export on screen; height and health lists one click away', async () => {
  await page.goto('/admin/profiles');
  const table = page.locator('table');
  await expect(table.getByRole('columnheader', { name: 'Owner' })).toBeInViewport(LOADED);
  await expect(page.getByRole('button', { name: 'Add filter' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Export' })).toBeInViewport();
  await expect(table.getByRole('columnheader', { name: /height/i })).toHaveCount(0);
  const heightSwitch = () => page.getByRole('menu').getByRole('switch', { name: 'Height / Weight' });
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('menu').getByRole('switch', { name: 'Health Conditions' })).not.toBeChecked();
  await heightSwitch().check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: /height/i })).toBeVisible();
  // The operator's choice is theirs to undo: restore the default for later runs.
  await page.getByRole('button', { name: 'Columns' }).click();
  await heightSwitch().uncheck();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: /height/i })).toHaveCount(0);
});

test('the notifications History tab fits 1366 px', async () => {
  await page.goto('/admin/notifications');
  await page.getByRole('tab', { name: /history/i }).click();
  await expect(page.getByRole('button', { name: 'Send again' }).first()).toBeInViewport(LOADED);
  await expect.poll(scrollWidth).toBe(LAPTOP.width);
});

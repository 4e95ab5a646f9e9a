import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../mocks/supabase/demoAccounts';
import { expect, test } from './signedIn';

/**
 * Finding a person's records (issue 19): a user's chats by their email, the person filter set from
 * a user's details shown with its Remove button wherever it applies, and chat <-> user.
 */
test.describe.configure({ timeout: 120_000 });
const LOADED = { timeout: 30_000 };
const USER_EMAIL = DEMO_ACCOUNTS[1].email;

/** The pager's "1-n of total" once a page has loaded, as numbers. */
async function pagerOf(page: Page): Promise<{ shown: number; total: number }> {
  const pager = page.getByText(/^1-\d+ of [\d,]+$/);
  await expect(pager).toBeVisible(LOADED);
  const [, shown, total] = /^1-(\d+) of ([\d,]+)$/.exec((await pager.innerText()).trim())!;
  return { shown: Number(shown), total: Number(total.replace(/,/g, '')) };
}

/** The rows' text, in the list's order. */
async function rowTexts(page: Page): Promise<string[]> {
  return page.locator('table tbody tr').allInnerTexts();
}

/** Waits until the list's total is `expected` (a page in flight may still show the previous one). */
const totalIs = (page: Page, expected: number) =>
  expect.poll(async () => (await pagerOf(page)).total, LOADED).toBe(expected);

const personFilter = (page: Page) => page.getByRole('combobox', { name: 'User', exact: true });

/** From /admin/users: the demo user's details dialog, found by their email. */
async function openUser(page: Page) {
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search by email, phone or ID...').fill(USER_EMAIL);
  await expect(page.getByText(/^1-1 of 1$/)).toBeVisible(LOADED);
  await page.locator('table tbody tr').first().getByRole('link', { name: 'Show' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: USER_EMAIL })).toBeVisible(LOADED);
  return dialog;
}

test("a user's chats found by their email: exactly the chats the person filter keeps", async ({ page }) => {
  // Their chats as the person filter (user_id) keeps them, through their details' View chats.
  const dialog = await openUser(page);
  await dialog.getByRole('link', { name: 'View chats' }).click();
  await expect(page).toHaveURL(/\/admin\/chats\?.*user_id/);
  await expect(personFilter(page)).toHaveValue(USER_EMAIL, LOADED);
  const byFilter = await pagerOf(page);
  expect(byFilter.total).toBeGreaterThan(0);
  const filteredRows = await rowTexts(page);
  await page.getByRole('button', { name: 'Remove this filter' }).click();
  await expect(personFilter(page)).toHaveCount(0);
  await expect.poll(async () => (await pagerOf(page)).total, LOADED).toBeGreaterThan(byFilter.total);

  // The same chats, found by typing the email (in capitals) in the search box.
  await page.getByPlaceholder('Search chats by title or user email...').fill(USER_EMAIL.toUpperCase());
  await expect(page.getByText(`1-${byFilter.shown} of ${byFilter.total}`, { exact: true })).toBeVisible(
    LOADED,
  );
  expect(await rowTexts(page)).toEqual(filteredRows);
  for (const row of filteredRows) expect(row).toContain(USER_EMAIL);
});

test('Chats keeps its with-user / anonymous filter beside the person filter', async ({ page }) => {
  await page.goto('/admin/chats');
  const all = await pagerOf(page);
  await page.getByRole('button', { name: 'Add filter' }).click(LOADED);
  await expect(page.getByRole('menuitemcheckbox', { name: 'User', exact: true })).toBeVisible();
  await page.getByRole('menuitemcheckbox', { name: 'User or anonymous' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'User or anonymous' }).click();
  await page.getByRole('option', { name: 'Anonymous only' }).click();
  await expect.poll(async () => (await pagerOf(page)).total, LOADED).toBeLessThan(all.total);
  for (const row of await rowTexts(page)) expect(row).toContain('Anonymous');
});

test("a filter from a user's details: a removable chip, visible after the sidebar, gone once removed", async ({
  page,
}) => {
  await page.goto('/admin/scans');
  const all = await pagerOf(page);

  const dialog = await openUser(page);
  await dialog.getByRole('link', { name: 'View scans' }).click();
  await expect(personFilter(page)).toHaveValue(USER_EMAIL, LOADED);
  const mine = await pagerOf(page);
  expect(mine.total).toBeLessThan(all.total);
  for (const row of await rowTexts(page)) expect(row).toContain(USER_EMAIL);

  // Back to Scans from the sidebar: the list remembers the filter, and shows it.
  await page.goto('/admin/dashboard');
  await page.getByRole('menuitem', { name: 'Scans' }).click();
  await expect(page).toHaveURL(/\/admin\/scans/);
  await expect(personFilter(page)).toHaveValue(USER_EMAIL, LOADED);
  await totalIs(page, mine.total);

  // Removed: every scan again, also from the sidebar and after a reload.
  await page.getByRole('button', { name: 'Remove this filter' }).click();
  await expect(personFilter(page)).toHaveCount(0);
  await totalIs(page, all.total);
  await page.goto('/admin/dashboard');
  await page.getByRole('menuitem', { name: 'Scans' }).click();
  await totalIs(page, all.total);
  await page.reload();
  await totalIs(page, all.total);
  await expect(personFilter(page)).toHaveCount(0);
});

test('the person filter picks a user by email on Profiles', async ({ page }) => {
  await page.goto('/admin/profiles');
  const all = await pagerOf(page);
  await page.getByRole('button', { name: 'Add filter' }).click(LOADED);
  await page.getByRole('menuitemcheckbox', { name: 'User', exact: true }).click();
  await page.keyboard.press('Escape');
  await personFilter(page).fill(USER_EMAIL.slice(0, 8));
  await page.getByRole('option', { name: USER_EMAIL }).click(LOADED);
  await expect(page).toHaveURL(/user_id/);
  await expect.poll(async () => (await pagerOf(page)).total, LOADED).toBeLessThan(all.total);
  for (const row of await rowTexts(page)) expect(row).toContain(USER_EMAIL);
});

test("from a chat's details to its user's page, and on to their chats", async ({ page }) => {
  await page.goto('/admin/chats');
  const all = await pagerOf(page);
  await page.getByPlaceholder('Search chats by title or user email...').fill(USER_EMAIL);
  await expect.poll(async () => (await pagerOf(page)).total, LOADED).toBeLessThan(all.total);
  const theirs = await pagerOf(page);
  await page.locator('table tbody tr').first().getByRole('link', { name: 'Show' }).click();
  const chat = page.getByRole('dialog');
  // The owner opens their page (issue 40), whose Chats section links to all their chats.
  await chat.getByRole('link', { name: USER_EMAIL }).click();
  await expect(page.getByRole('heading', { level: 1, name: USER_EMAIL })).toBeVisible(LOADED);
  await page
    .getByRole('region', { name: /^Chats/ })
    .getByRole('link', { name: /^View all/ })
    .click();
  await expect(personFilter(page)).toHaveValue(USER_EMAIL, LOADED);
  await totalIs(page, theirs.total);
});

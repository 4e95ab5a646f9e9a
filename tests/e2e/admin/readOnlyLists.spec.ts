import type { Page } from '@playwright/test';
import { liveListSettled } from './realtime';
import { expect, test } from './signedIn';

// The lists load lazily and the shared machine is busy: allow first loads their time.
test.describe.configure({ timeout: 120_000 });
const LOADED = { timeout: 30_000 };

/** Body rows of the list's table, once its first page has loaded. */
async function rowsOf(page: Page) {
  await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible(LOADED);
  return page.locator('table tbody tr');
}

/** Requests the page makes to a REST path while `action` runs. */
async function requestsDuring(page: Page, path: string, action: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  const listener = (request: { url(): string }) => {
    if (request.url().includes(path)) urls.push(request.url());
  };
  page.on('request', listener);
  await action();
  page.off('request', listener);
  return urls;
}

test('each read-only list shows its first page', async ({ page }) => {
  for (const [path, title] of [
    ['/admin/scans', 'Food Scans'],
    ['/admin/profiles', 'User Profiles'],
    ['/admin/chats', 'Chat Sessions'],
    ['/admin/users', 'Users'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('#react-admin-title')).toHaveText(title, LOADED);
    expect(await (await rowsOf(page)).count()).toBeGreaterThan(0);
  }
});

test('a two-word search on scans keeps rows with both words, in one request', async ({ page }) => {
  // The live list reads its page once more after its channel is joined: not part of the search.
  const settled = liveListSettled(page, 'admin:resource/scans', '/rest/v1/admin_scans');
  await page.goto('/admin/scans');
  await rowsOf(page);
  await settled;
  const requests = await requestsDuring(page, '/rest/v1/admin_scans', async () => {
    // The search's own answer, not just the range: the unfiltered page's range is visible until
    // the debounced request has left and come back.
    const answered = page.waitForResponse(
      (response) => response.url().includes('/rest/v1/admin_scans') && /amul/i.test(response.url()),
      LOADED,
    );
    await page.getByPlaceholder('Search scans by name, category or owner email...').fill('amul chocolate');
    await expect(page).toHaveURL(/amul%20chocolate|amul\+chocolate/);
    await answered;
    await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible();
  });
  expect(requests).toHaveLength(1);
  const rows = await rowsOf(page);
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const text = (await rows.nth(i).innerText()).toLowerCase();
    expect(text).toContain('amul');
    expect(text).toContain('chocolate');
  }
});

test('a filter stays in the URL across a reload', async ({ page }) => {
  await page.goto('/admin/scans');
  await rowsOf(page);
  await page.getByRole('button', { name: 'Add filter' }).click(LOADED);
  await page.getByRole('menuitemcheckbox', { name: 'Health Score' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Health Score' }).click();
  await page.getByRole('option', { name: 'Excellent' }).click();
  const filterInUrl = /filter=[^&]*score_band%22%3A%22excellent/;
  await expect(page).toHaveURL(filterInUrl, LOADED);
  await expect(page.locator('table tbody tr').first()).toContainText('Excellent', LOADED);
  await page.reload();
  await expect(page).toHaveURL(filterInUrl);
  await expect(page.getByRole('combobox', { name: 'Health Score' })).toHaveText('Excellent', LOADED);
  const rows = await rowsOf(page);
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('Excellent');
});

test('a deep-linked dialog opens from its URL and Back closes it', async ({ page }) => {
  await page.goto('/admin/chats');
  await (await rowsOf(page)).first().getByRole('link', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/admin\/chats\/[0-9a-f-]+\/show/);
  const deepLink = page.url();
  await expect(page.getByRole('dialog')).toBeVisible(LOADED);
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/chats(\?|$)/);

  await page.goto(deepLink);
  await expect(page.getByRole('dialog')).toBeVisible(LOADED);
  await expect(
    page.getByTestId('chat-message').first().or(page.getByText('No messages found in this chat')),
  ).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('users: search by email, open details, follow a link to their scans', async ({ page }) => {
  await page.goto('/admin/users');
  await rowsOf(page);
  await page.getByPlaceholder('Search by email, phone or ID...').fill('user@labellens');
  await expect(page.getByTestId('users-found')).toHaveText('1 user found', LOADED);
  const rows = await rowsOf(page);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name: 'Show' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('region', { name: 'Basic Information' })).toContainText(
    'user@labellens.dev',
    LOADED,
  );
  await dialog.getByRole('link', { name: 'View scans' }).click();
  await expect(page).toHaveURL(/\/admin\/scans\?filter=/);
  const scans = await rowsOf(page);
  const count = await scans.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(scans.nth(i)).toContainText('user@labellens.dev');
});

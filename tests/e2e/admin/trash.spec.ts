import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { imageLoaded, toast } from './pageChecks';
import { expect, test } from './signedIn';

test.describe.configure({ timeout: 120_000 });

const SERVICE = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
const DEMO_USER = '00000000-0000-4000-8000-000000000002';
const screenshot = readFileSync(`supabase/storage/scan-images/${DEMO_USER}/label-1.png`);
/** The image of exactly this address. */
const shown = (page: Page, src: string) =>
  imageLoaded(page, new RegExp(`^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

async function deleteRow(page: Page, title: string) {
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'News article deleted successfully');
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
}

test('news: Undo right after a delete, then Restore from the Trash, bring the article back with its screenshot; Delete forever removes the file', async ({
  page,
}) => {
  const title = `E2E trash ${Date.now()}`;
  await page.goto('/admin/news/create');
  const dialog = page.getByRole('dialog', { name: 'Create News Article' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: screenshot });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Content', { exact: true }).fill('An article that goes to the trash and comes back.');
  await dialog.getByLabel('Source URL').fill('https://news.example.in/trash');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'News article created successfully');
  const row = page.getByRole('row').filter({ hasText: title });
  const src = (await row.locator('img').getAttribute('src')) ?? '';
  expect(src).toMatch(/\/storage\/v1\/object\/public\/news-screenshots\/[0-9a-f-]{36}\.png$/);

  // Undo in the success toast.
  await deleteRow(page, title);
  await page.getByRole('button', { name: 'Undo' }).click();
  await toast(page, 'Restored');
  await expect(row).toBeVisible();
  await shown(page, src);

  // Restore from the Trash.
  await deleteRow(page, title);
  await page.getByRole('menuitem', { name: 'Trash' }).click();
  await page.getByPlaceholder('Search by name or by who deleted it...').fill(title);
  const entry = page.getByRole('row').filter({ hasText: title });
  await expect(entry).toContainText('News article');
  await expect(entry).toContainText('admin@labellens.dev');
  await entry.getByRole('button', { name: 'Restore' }).click();
  await toast(page, 'Restored');
  await expect(entry).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'News' }).click();
  await expect(row).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', src);
  await shown(page, src);

  // Delete forever: the article and its file are gone for good.
  await deleteRow(page, title);
  await page.goto(`/admin/trash?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`);
  await entry.getByRole('button', { name: 'Delete forever' }).click();
  await page
    .getByRole('dialog', { name: 'Delete forever?' })
    .getByRole('button', { name: 'Delete forever' })
    .click();
  await toast(page, 'Deleted forever');
  await expect(entry).toHaveCount(0);
  const gone = await page.request.get(src);
  expect(gone.status()).toBe(400);
  expect(await gone.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
});

test('health tips: two quick deletes, then Undo in each toast brings back each tip; no "Leave site?" prompt', async ({
  page,
  request,
}) => {
  const marker = `E2E two undos ${Date.now()}`;
  const tips = [`${marker} A: walk after meals.`, `${marker} B: sleep eight hours.`];
  const inserted = await request.post('/rest/v1/health_tips', {
    headers: { ...SERVICE, Prefer: 'return=representation' },
    data: tips.map((tip) => ({ tip })),
  });
  expect(inserted.status()).toBe(201);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await page.goto(`/admin/health-tips?filter=${encodeURIComponent(JSON.stringify({ q: marker }))}`);
  const rows = page.getByRole('row').filter({ hasText: marker });
  // The first screen of a fresh worker's server on a loaded machine.
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  for (const tip of tips) {
    await page.getByRole('row').filter({ hasText: tip }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('row').filter({ hasText: tip })).toHaveCount(0);
  }
  // One toast at a time: A's Undo, then B's (shown once A's has closed).
  const deleted = page.getByRole('alert').filter({ hasText: 'Health tip deleted successfully' });
  for (const tip of tips) {
    await deleted.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('row').filter({ hasText: tip })).toHaveCount(1);
  }
  await expect(rows).toHaveCount(2);

  // A reload while a delete's toast shows asks nothing: the delete is already done on the server.
  await page.getByRole('row').filter({ hasText: tips[0] }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(deleted.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.reload();
  await expect(rows).toHaveCount(1);
  expect(dialogs).toEqual([]);
});

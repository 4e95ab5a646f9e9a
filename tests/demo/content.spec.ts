import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { imageLoaded } from '../e2e/admin/pageChecks';
import { ORIGIN, onlyFiles, open, serveDemo, signIn } from './demoSite';

/**
 * Content in the demo as shipped (tests/demo/demoSite.ts): Storage and the trash answered in the page.
 * A news screenshot is uploaded to the news-screenshots bucket and shown; the article is deleted,
 * restored from the Trash, and is back in News with its screenshot.
 */
serveDemo();

const DEMO_USER = '00000000-0000-4000-8000-000000000002';
const screenshot = readFileSync(`supabase/storage/scan-images/${DEMO_USER}/label-1.png`);
const LOADED = { timeout: 30_000 };

const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible(LOADED);

test('an uploaded news screenshot shows; the deleted article comes back from the Trash with it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const title = `Demo trash ${Date.now()}`;
  await signIn(page, 'admin@labellens.dev');
  // A static host has a page per screen, not per dialog: the dialog opens from the list.
  await open(page, '/admin/news');
  await page.getByRole('link', { name: 'Add News Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create News Article' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: screenshot });
  await expect(dialog.getByRole('img', { name: 'Preview of the screenshot' })).toBeVisible(LOADED);
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog
    .getByLabel('Content', { exact: true })
    .fill('An article that goes to the trash and comes back.');
  await dialog.getByLabel('Source URL').fill('https://news.example.in/trash');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'News article created successfully');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.locator('img')).toHaveAttribute(
    'src',
    /^http:\/\/127\.0\.0\.1:\d+\/storage\/v1\/object\/public\/news-screenshots\/[0-9a-f-]{36}\.png$/,
    LOADED,
  );
  const src = (await row.locator('img').getAttribute('src'))!;
  // The bytes come back from Storage in the page: the image decodes.
  await imageLoaded(page, new RegExp(`^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'News article deleted successfully');
  await expect(row).toHaveCount(0, LOADED);

  await page.getByRole('menuitem', { name: 'Trash' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin/trash`);
  await page.getByPlaceholder('Search by name or by who deleted it...').fill(title);
  const entry = page.getByRole('row').filter({ hasText: title });
  await expect(entry).toContainText('News article', LOADED);
  await expect(entry).toContainText('admin@labellens.dev');
  await entry.getByRole('button', { name: 'Restore' }).click();
  await toast(page, 'Restored');
  await expect(entry).toHaveCount(0, LOADED);

  await page.getByRole('menuitem', { name: 'News' }).click();
  await expect(row).toBeVisible(LOADED);
  await expect(row.locator('img')).toHaveAttribute('src', src);
  onlyFiles();
});

import type { Page } from '@playwright/test';
import { toast } from './pageChecks';
import { expect, test } from './signedIn';

// A slow shared machine: sign-in and several saves take longer than the default budget.
test.describe.configure({ timeout: 120_000 });

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function openNews(page: Page) {
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { name: 'News Articles', level: 1 })).toBeVisible();
}


test('news: create (with the exact validation messages), view, edit and delete, with the exact toasts', async ({
  page,
}) => {
  const title = `E2E article ${stamp()}`;
  await openNews(page);
  await expect(page.getByText(/^\d+ published articles$/)).toBeVisible();
  await expect(page.getByPlaceholder('Search articles by title or content...')).toBeVisible();

  await page.getByRole('link', { name: 'Add News Article' }).click();
  await expect(page).toHaveURL(/\/admin\/news\/create$/);
  const dialog = page.getByRole('dialog', { name: 'Create News Article' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Content is required')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();

  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Content', { exact: true }).fill('A'.repeat(160) + ' tail that the list preview cuts off');
  await dialog.getByLabel('Source URL').fill('ftp://example.com/file');
  await dialog.getByLabel('Screenshot URL (optional)').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid screenshot URL')).toBeVisible();

  await dialog.getByLabel('Source URL').fill('https://news.example.in/labels');
  // A screenshot that does not load shows the placeholder, never a broken image.
  await dialog.getByLabel('Screenshot URL (optional)').fill('http://127.0.0.1:1/missing.png');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'News article created successfully');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/news$/);

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText(`${'A'.repeat(150)}…`)).toBeVisible();
  const source = row.getByRole('link', { name: 'news.example.in' });
  await expect(source).toHaveAttribute('href', 'https://news.example.in/labels');
  await expect(source).toHaveAttribute('target', '_blank');
  await expect(source).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(row.locator('img')).toHaveCount(0);

  await row.getByRole('link', { name: 'Show' }).click();
  const view = page.getByRole('dialog', { name: title });
  await expect(view.getByRole('link', { name: 'View Original' })).toHaveAttribute(
    'href',
    'https://news.example.in/labels',
  );
  await expect(view.getByText('Source Information')).toBeVisible();
  await expect(view.getByText('tail that the list preview cuts off', { exact: false })).toBeVisible();
  const id = page.url().match(/\/news\/([^/]+)\/show$/)![1];
  await expect(view.getByText(id, { exact: true })).toBeVisible();
  await page.goBack();
  await expect(view).toBeHidden();

  await row.getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit News Article' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await edit.getByLabel('Title', { exact: true }).fill(`${title} (updated)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'News article updated successfully');
  const updated = page.getByRole('row').filter({ hasText: `${title} (updated)` });
  await expect(updated).toBeVisible();

  await updated.getByRole('button', { name: 'Delete' }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure you want to delete this news article?' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'News article deleted successfully');
  await expect(updated).toHaveCount(0);
});

test('news: closing a dialog with unsaved changes asks first; Back closes a pristine one', async ({
  page,
}) => {
  await openNews(page);
  await page.getByRole('link', { name: 'Add News Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create News Article' });
  await dialog.getByLabel('Title', { exact: true }).fill('Half-written');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Half-written');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/news$/);

  await page.getByRole('link', { name: 'Add News Article' }).click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
});

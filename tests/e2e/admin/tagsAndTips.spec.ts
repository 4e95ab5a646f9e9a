import type { Page } from '@playwright/test';
import { toast } from './pageChecks';
import { expect, test } from './signedIn';

// A slow shared machine: sign-in and several saves take longer than the default budget.
test.describe.configure({ timeout: 120_000 });

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('tags: create with defaults and a preset colour, a duplicate key refused with the input kept, toggle, edit, delete', async ({
  page,
}) => {
  const key = `e2e-${stamp()}`;
  await open(page, '/admin/tags', 'Tags Management');
  await expect(page.getByText(/^\d+ tags, \d+ active$/)).toBeVisible();

  await page.getByRole('link', { name: 'Add Tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Tag' });
  // The product's defaults: colour #ef4444, category general, active, sort order 0.
  await expect(dialog.getByRole('textbox', { name: 'Color' })).toHaveValue('#ef4444');
  await expect(dialog.getByLabel('Sort Order')).toHaveValue('0');
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();

  await dialog.getByLabel('Label', { exact: true }).fill('E2E Duplicate');
  await dialog.getByLabel('Key').fill('organic');
  await dialog.getByRole('textbox', { name: 'Icon' }).fill('leaf');
  await expect(dialog.getByRole('img', { name: 'Icon preview' })).toHaveAttribute('data-icon', 'leaf');
  await dialog.getByRole('button', { name: 'Use colour #3b82f6' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Color' })).toHaveValue('#3b82f6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Failed to save tag');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Label', { exact: true })).toHaveValue('E2E Duplicate');
  await expect(dialog.getByLabel('Key')).toHaveValue('organic');
  await expect(dialog.getByRole('textbox', { name: 'Color' })).toHaveValue('#3b82f6');

  await dialog.getByRole('textbox', { name: 'Color' }).fill('#12');
  await dialog.getByLabel('Sort Order').fill('-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Color must be a valid hex code')).toBeVisible();
  await expect(dialog.getByText('Sort order must be positive')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Color' }).fill('#123');
  await dialog.getByLabel('Sort Order').fill('5');
  await dialog.getByLabel('Key').fill(key);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Tag created successfully');
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Search tags...').fill(key);
  const row = page.getByRole('row').filter({ hasText: key });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row.getByText('General', { exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  const status = row.getByRole('switch', { name: 'Active: E2E Duplicate' });
  await status.click();
  await toast(page, 'Tag deactivated successfully');
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(status).not.toBeChecked();
  await status.click();
  await toast(page, 'Tag activated successfully');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Tag' });
  await expect(edit.getByLabel('Key')).toHaveValue(key);
  await edit.getByLabel('Label', { exact: true }).fill('E2E Renamed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Tag updated successfully');
  await expect(row.getByText('E2E Renamed')).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure you want to delete this tag?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await toast(page, 'Tag deleted successfully');
  await expect(row).toHaveCount(0);
});

test('health tips: create with the counter, bulk delete asking with the number of items, titled toasts', async ({
  page,
}) => {
  const marker = `e2e${stamp()}`;
  await open(page, '/admin/health-tips', 'Health Tips');
  await expect(page.getByText(/^\d+ health tips available$/)).toBeVisible();

  for (const n of [1, 2]) {
    await page.getByRole('link', { name: 'Add Health Tip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Health Tip' });
    const field = dialog.getByLabel('Health Tip Content', { exact: true });
    await field.fill('Too short');
    await expect(dialog.getByText('9 / 1000 characters')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Tip must be at least 10 characters long')).toBeVisible();
    await field.fill(`Tip ${n} ${marker}: read the label first.`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const success = page.getByRole('alert').filter({ hasText: 'Health tip created successfully' });
    await expect(success).toContainText('Success');
    await expect(dialog).toBeHidden();
    await expect(success).toBeHidden({ timeout: 10_000 });
  }

  await page.getByPlaceholder('Search health tips...').fill(marker);
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Delete' }).first().click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure you want to delete these 2 health tips?' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '2 health tips deleted successfully' }),
  ).toContainText('Success');
  await expect(page.getByRole('row').filter({ hasText: marker })).toHaveCount(0);
});

import { expect, test } from './signedIn';

// A slow shared machine: sign-in and several saves take longer than the default budget.
test.describe.configure({ timeout: 120_000 });

test('health tips: restore an old version from History, the form and the list show it', async ({ page }) => {
  const marker = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const first = `Version one ${marker}: drink a glass of water with every meal.`;
  const second = `Version two ${marker}: walk twenty minutes after dinner.`;
  await page.goto('/admin/health-tips');
  await expect(page.getByRole('heading', { name: 'Health Tips', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Add Health Tip' }).click();
  const create = page.getByRole('dialog', { name: 'Add Health Tip' });
  await create.getByLabel('Health Tip Content').fill(first);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();

  await page.getByPlaceholder('Search health tips...').fill(marker);
  const row = page.getByRole('row').filter({ hasText: marker });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Edit' }).click();
  let edit = page.getByRole('dialog', { name: 'Edit Health Tip' });
  await edit.getByLabel('Health Tip Content').fill(second);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Version two');

  await row.getByRole('link', { name: 'Edit' }).click();
  edit = page.getByRole('dialog', { name: 'Edit Health Tip' });
  await expect(edit.getByLabel('Health Tip Content')).toHaveValue(second);
  await edit.getByRole('tab', { name: 'History' }).click();
  const history = edit.getByRole('list', { name: 'History' });
  // Newest first: the change, then the creation.
  const compare = history.getByRole('button', { name: 'Compare with now' });
  await expect(compare).toHaveCount(2);
  await compare.last().click();
  const comparison = edit.getByRole('region', { name: 'This version compared with now' });
  // Word by word: the words both versions share are neither struck nor inserted.
  await expect(comparison.locator('ins')).toHaveText(['one', 'drink a glass of water with every meal.']);
  await expect(comparison.locator('del')).toHaveText(['two', 'walk twenty minutes after dinner.']);

  await comparison.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
  await confirm.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Version restored', { exact: true })).toBeVisible();
  await expect(edit.getByLabel('Health Tip Content')).toHaveValue(first);
  await expect(edit.getByText(/saved a newer version/)).toHaveCount(0);

  // The History now starts with the restore, by the signed-in admin.
  await edit.getByRole('tab', { name: 'History' }).click();
  await expect(history.getByRole('listitem').first()).toContainText('Restored a version');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Version one');
});

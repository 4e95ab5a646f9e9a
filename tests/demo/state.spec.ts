import { expect, test, type Page } from '@playwright/test';
import { onlyFiles, open, openPanel, serveDemo, signIn } from './demoSite';

/**
 * The tester's panel's data tools (docs/demo.md): the whole database exported to a file, the data
 * reset to the seed, and the file imported back, each across the page load it ends with.
 */
serveDemo();

const LOADED = { timeout: 30_000 };

/** Runs `action`, which ends in a page load, and waits for the new page's stand-in. */
async function reloadedBy(page: Page, action: () => Promise<void>) {
  const loaded = page.waitForEvent('load', { timeout: 120_000 });
  await action();
  await loaded;
  await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 60_000 });
}

test('the panel exports the database to a file, resets to the seed, and imports the file back', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin@labellens.dev');
  await open(page, '/admin/tags');
  await page.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).click();
  const label = page.getByRole('dialog').getByLabel('Label', { exact: true });
  const original = await label.inputValue();
  const changed = `${original} (exported)`;
  await label.fill(changed);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0, LOADED);
  await expect(page.getByRole('cell', { name: changed, exact: true })).toBeVisible(LOADED);

  const panel = await openPanel(page);
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export data' }).click();
  const file = testInfo.outputPath('labellens-demo.tar');
  await (await download).saveAs(file);

  page.once('dialog', (dialog) => void dialog.accept());
  await reloadedBy(page, () => panel.getByRole('button', { name: 'Reset data to the seed' }).click());
  await expect(page.getByRole('cell', { name: original, exact: true })).toBeVisible(LOADED);
  await expect(page.getByRole('cell', { name: changed, exact: true })).toHaveCount(0);

  const again = await openPanel(page);
  await reloadedBy(page, () => again.getByLabel('Import data from a file').setInputFiles(file));
  await expect(page.getByRole('cell', { name: changed, exact: true })).toBeVisible(LOADED);

  onlyFiles();
});

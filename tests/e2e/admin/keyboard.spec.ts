import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN } from './signIn';

// One operator's whole task, keyboard only, on a slow shared machine.
test.describe.configure({ timeout: 240_000 });
const LOADED = { timeout: 30_000 };

/**
 * Whether `target` is exactly one element and has focus, and the name of whatever has focus (what
 * a screen reader says on arrival, for failures): one trip to the page per key press.
 */
const focusOn = (target: Locator) =>
  target.evaluateAll((els) => {
    const el = document.activeElement as HTMLElement | null;
    const name =
      !el || el === document.body
        ? '<body>'
        : `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.innerText?.slice(0, 40) ?? ''}"`;
    return { focused: els.length === 1 && els[0] === el, name };
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would, and returns how
 * many presses it took; fails after `max`. `never` lists elements that must not be a stop on the way.
 */
async function tabTo(
  page: Page,
  target: Locator,
  max: number,
  options: { back?: boolean; never?: Locator } = {},
) {
  const visited: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const { focused, name } = await focusOn(target);
    if (
      options.never &&
      (await options.never.evaluateAll((els) => els.some((el) => el === document.activeElement)))
    )
      throw new Error(`a hidden control took focus after ${presses} Tabs: ${name}`);
    if (focused) return presses;
    visited.push(name);
  }
  throw new Error(`not reached in ${max} Tabs; went through ${visited.join(', ')}`);
}

test('keyboard only: sign in (after a wrong password), search, details, create, edit, delete and send', async ({
  page,
}) => {
  const key = `kbd-${Date.now()}`;
  await page.goto('/admin/login');

  // Sign in. The email field has focus on arrival; a wrong password brings focus back to the password.
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByLabel('Password');
  await expect(email).toBeFocused(LOADED);
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').first()).toHaveText('Invalid login credentials', LOADED);
  await expect(password).toBeFocused();
  // The wrong password is selected: typing replaces it.
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview', level: 1 })).toBeVisible(LOADED);

  // The user menu is named as it reads; the chart is not a Tab stop.
  await expect(page.getByRole('button', { name: ADMIN.email, exact: true })).toBeVisible();
  await tabTo(page, page.getByRole('menuitem', { name: 'Scans', exact: true }), 40, {
    never: page.locator('.MuiChartsSurface-root, .MuiChartsSurface-root *'),
  });

  // Search scans: the result count is announced politely.
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible(LOADED);
  const search = page.getByRole('textbox', { name: 'Search scans by name, category or owner email...' });
  await tabTo(page, search, 30);
  await page.keyboard.type('amul chocolate');
  const status = page.getByRole('status').filter({ hasText: /found$/ });
  await expect(status).toHaveText(/^\d+ scans? found$/, LOADED);
  const firstRow = page.locator('table tbody tr').first();
  await expect(firstRow).toContainText(/amul/i, LOADED);

  // Details: the first row's Show link, Enter opens the dialog, Escape closes it and focus returns.
  const show = firstRow.getByRole('link', { name: 'Show' });
  await tabTo(page, show, 40);
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog');
  await expect(details).toBeVisible(LOADED);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(show).toBeFocused();

  // To Tags through the menu (Shift+Tab back up to it).
  const tagsItem = page.getByRole('menuitem', { name: 'Tags', exact: true });
  await tabTo(page, tagsItem, 80, { back: true });
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'Tags Management', level: 1 });
  await expect(heading).toBeVisible(LOADED);
  await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible(LOADED);

  // Create: from Add Tag, never through the hidden bulk toolbar.
  const hiddenToolbar = page.locator('[data-test="bulk-actions-toolbar"] button');
  const add = page.getByRole('link', { name: 'Add Tag' });
  await tabTo(page, add, 30, { never: hiddenToolbar });
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create Tag' });
  await expect(create).toBeVisible(LOADED);
  // The dialog opens with focus on its first field.
  await expect(create.getByRole('textbox', { name: 'Label', exact: true })).toBeFocused();
  await page.keyboard.type('Keyboard Tag');
  await tabTo(page, create.getByRole('textbox', { name: 'Key', exact: true }), 5);
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  // Icon is required: the form refuses, and focus goes to the field to fix.
  const icon = create.getByRole('textbox', { name: 'Icon', exact: true });
  await expect(icon).toBeFocused();
  await expect(create.getByText('Icon is required')).toBeVisible();
  await page.keyboard.type('tag');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tag created successfully', { exact: true })).toBeVisible(LOADED);
  await expect(create).toBeHidden();
  await expect(add).toBeFocused();

  // Search for it: one row, announced.
  const tagSearch = page.getByRole('textbox', { name: 'Search tags...' });
  await tabTo(page, tagSearch, 20, { back: true, never: hiddenToolbar });
  await page.keyboard.type(key);
  await expect(status).toHaveText('1 tag found', LOADED);
  const row = page.getByRole('row').filter({ hasText: key });
  await expect(page.getByRole('row')).toHaveCount(2, LOADED);

  // Edit: the row's Edit link, a new label, Enter saves, focus back on Edit.
  const edit = row.getByRole('link', { name: 'Edit' });
  await tabTo(page, edit, 30, { never: hiddenToolbar });
  await page.keyboard.press('Enter');
  const editDialog = page.getByRole('dialog', { name: 'Edit Tag' });
  await expect(editDialog.getByRole('textbox', { name: 'Key', exact: true })).toHaveValue(key, LOADED);
  await expect(editDialog.getByRole('textbox', { name: 'Label', exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Keyboard Renamed');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tag updated successfully', { exact: true })).toBeVisible(LOADED);
  await expect(row).toContainText('Keyboard Renamed');
  await expect(edit).toBeFocused();

  // Delete: the row's Delete button, Confirm; focus goes to the list's heading, not the page body.
  await tabTo(page, row.getByRole('button', { name: 'Delete' }), 10);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete this tag?' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Confirm' }), 5);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tag deleted successfully', { exact: true })).toBeVisible(LOADED);
  await expect(row).toHaveCount(0);
  await expect(status).toHaveText('0 tags found');
  await expect(heading).toBeFocused();

  // Send a push: to Push Notifications through the menu, pick the user, write, send.
  await tabTo(page, page.getByRole('menuitem', { name: 'Notifications', exact: true }), 40, { back: true });
  await page.keyboard.press('Enter');
  const sendHeading = page.getByRole('heading', { name: 'Send Notifications', level: 1 });
  await expect(sendHeading).toBeVisible(LOADED);
  await tabTo(page, page.getByRole('combobox', { name: 'User' }), 30);
  await page.keyboard.type('user@labellens');
  await expect(page.getByRole('option', { name: /^user@labellens\.dev/ })).toBeVisible(LOADED);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Device registered')).toBeVisible(LOADED);
  await tabTo(page, page.getByRole('textbox', { name: 'Title', exact: true }), 10);
  await page.keyboard.type(`Keyboard ${key}`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.keyboard.type('Sent without a mouse.');
  await tabTo(page, page.getByRole('button', { name: 'Send Notification' }), 10);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Notification sent successfully! Message ID: /)).toBeVisible(LOADED);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
  await expect(sendHeading).toBeFocused();
});

test('keyboard only: from the Scans menu item to the next page through the skip link, not through every row', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email' }).focus();
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview', level: 1 })).toBeVisible(LOADED);
  const scans = page.getByRole('menuitem', { name: 'Scans', exact: true });
  await tabTo(page, scans, 40);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^1-25 of \d+$/)).toBeVisible(LOADED);
  await expect(scans).toBeFocused();

  // Without the skip link (the measure of the finding): every row's links on the way.
  const next = page.getByRole('button', { name: 'Go to next page' });
  const plain = await tabTo(page, next, 150);
  await scans.focus();

  const skip = page.getByRole('link', { name: 'Skip to page navigation' });
  const toSkip = await tabTo(page, skip, 40);
  await page.keyboard.press('Enter');
  const toNext = await tabTo(page, next, 15);
  console.log(
    `Tabs from the Scans menu item to "Go to next page": ${plain} through the rows, ${toSkip} + Enter + ${toNext} with the skip link`,
  );
  // Past the rest of the menu, the toolbar and the table's headers, then the pager's own controls.
  expect(toSkip + toNext).toBeLessThanOrEqual(40);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^26-50 of \d+$/)).toBeVisible(LOADED);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from './signIn';

/**
 * The admin on a phone: Chromium with Playwright's iPhone-like settings (390x844, touch, mobile
 * viewport). One sign-in for the file; every test reuses the signed-in page.
 */
const PHONE = { width: 390, height: 844 };
const OTHER_WIDTHS = [360, 414];
const LOADED = { timeout: 30_000 };

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let page: Page;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  page = await context.newPage();
  await page.goto('/admin/login');
  await expect.poll(() => scrollWidth(page)).toBe(PHONE.width);
  await signInAsAdmin(page);
});

test.afterAll(async () => {
  await page.context().close();
});

const scrollWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

/** The page is exactly as wide as the viewport at 390 px, and at 360 and 414 px. */
async function expectNoOverflow() {
  for (const width of [...OTHER_WIDTHS, PHONE.width]) {
    await page.setViewportSize({ width, height: PHONE.height });
    await expect.poll(() => scrollWidth(page)).toBe(width);
  }
}

/** Every box inside the phone's screen and at least 44x44 px. */
async function expectReachable(...targets: Locator[]) {
  for (const target of targets) {
    // Wholly on screen once any transition (the app bar sliding back, a dialog opening) has ended.
    await expect(target).toBeInViewport({ ratio: 1 });
    const box = await target.boundingBox();
    expect(box, String(target)).not.toBeNull();
    if (!box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
}

test('the app bar keeps every button on screen at 360, 390 and 414 px (the user menu was pushed off by the search button)', async () => {
  await page.goto('/admin/dashboard');
  for (const width of [...OTHER_WIDTHS, PHONE.width]) {
    await page.setViewportSize({ width, height: PHONE.height });
    const bar = page.locator('header').first();
    for (const button of await bar.getByRole('button').all()) {
      await expect(button).toBeInViewport({ ratio: 1 });
      const box = await button.boundingBox();
      expect(box && box.x + box.width, String(await button.getAttribute('aria-label'))).toBeLessThanOrEqual(
        width,
      );
    }
  }
  await page.setViewportSize(PHONE);
});

const LISTS = [
  'scans',
  'profiles',
  'users',
  'chats',
  'news',
  'health-tips',
  'tags',
  'audit-log',
  'contact-messages',
];

/** The list's first page as phone rows (not a table). */
async function phoneRows(path: string) {
  await page.goto(`/admin/${path}`);
  const rows = page.getByTestId('phone-list').getByRole('listitem');
  await expect(rows.first()).toBeVisible(LOADED);
  await expect(page.locator('table')).toHaveCount(0);
  return rows;
}

for (const path of LISTS) {
  test(`${path}: rows are a phone list, no page wider than 360, 390 or 414 px`, async () => {
    expect(await (await phoneRows(path)).count()).toBeGreaterThan(0);
    await expectNoOverflow();
  });
}

test('screens without a list fit at 360, 390 and 414 px', async () => {
  for (const path of ['dashboard', 'notifications', 'security', 'messages', 'payments']) {
    await page.goto(`/admin/${path}`);
    await expect(page.locator('#react-admin-title')).not.toBeEmpty(LOADED);
    await page.waitForLoadState('networkidle');
    await expectNoOverflow();
  }
  await page.goto('/admin/notifications');
  await page.getByRole('tab', { name: /history/i }).tap();
  await expect(page.getByTestId('phone-list').getByRole('listitem').first()).toBeVisible(LOADED);
  await expectNoOverflow();
  await expectReachable(page.getByRole('button', { name: 'Send again' }).first());
});

test('the app bar, filter bar, pager and menu are in reach and 44 px or larger', async () => {
  await phoneRows('scans');
  await expectReachable(
    page.getByRole('button', { name: 'Open menu' }),
    page.getByRole('button', { name: 'Add filter' }),
    page.getByRole('button', { name: 'Export' }),
  );
  // The search box's target is its whole field (a tap anywhere on it focuses the input).
  await expectReachable(page.getByPlaceholder(/search scans/i).locator('xpath=..'));
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expectReachable(page.getByRole('menuitem', { name: 'Scans' }));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Scans' })).toBeHidden();
  // The pager sits below the rows (scrolling down slides the app bar away, as react-admin does on
  // phones): scrolled to, its buttons are on screen and large enough.
  const next = page.getByRole('button', { name: /next page/i });
  await next.scrollIntoViewIfNeeded();
  await expectReachable(next, page.getByRole('button', { name: /previous page/i }));
});

test('a list with nothing in its toolbar has no blank bar above its search (the inbox)', async () => {
  await phoneRows('contact-messages');
  const heading = await page.getByRole('heading', { level: 1, name: 'Contact Inbox' }).boundingBox();
  const search = await page.getByPlaceholder('Search messages...').locator('xpath=..').boundingBox();
  expect(search!.y - (heading!.y + heading!.height)).toBeLessThan(24);
});

/** Taps the first row and returns the dialog it opened (full-screen on a phone). */
async function openFirst(path: string) {
  const rows = await phoneRows(path);
  await rows.first().getByRole('link').tap();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible(LOADED);
  const box = await dialog.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  return dialog;
}

for (const path of ['scans', 'profiles', 'users', 'chats', 'news', 'contact-messages']) {
  test(`${path}: a tapped row opens its details full-screen, Close on screen`, async () => {
    const dialog = await openFirst(path);
    await expect(dialog.getByTestId('dialog-skeleton')).toHaveCount(0, LOADED);
    await expect.poll(() => scrollWidth(page)).toBe(PHONE.width);
    await expectReachable(dialog.getByRole('button', { name: 'Close' }));
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/${path}$`));
  });
}

for (const path of ['health-tips', 'tags']) {
  test(`${path}: a tapped row opens its edit form full-screen, Cancel and Save on screen`, async () => {
    const dialog = await openFirst(path);
    await expectReachable(
      dialog.getByRole('button', { name: 'Cancel' }),
      dialog.getByRole('button', { name: 'Save' }),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await expect(dialog).toBeHidden();
  });
}

test('news: the create form is full-screen with Save on screen while its fields scroll', async () => {
  await phoneRows('news');
  await page.getByRole('link', { name: 'Add News Article' }).tap();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible(LOADED);
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  const actions = [
    dialog.getByRole('button', { name: 'Cancel' }),
    dialog.getByRole('button', { name: 'Save' }),
  ];
  await expectReachable(...actions);
  // Scrolled to the last field, the actions are still on screen.
  await dialog.getByRole('textbox').last().scrollIntoViewIfNeeded();
  await expectReachable(...actions);
  await expect.poll(() => scrollWidth(page)).toBe(PHONE.width);
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toBeHidden();
});

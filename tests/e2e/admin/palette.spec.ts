import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { expect, test } from './signedIn';

/**
 * The command palette and a person's page (issue 40): Ctrl+K, part of an email, Enter opens the
 * person's page with their scans and profiles, and Send notification opens Compose prefilled; by
 * keyboard only, at 390 px with the app bar's button, and with no serious axe finding.
 */
test.describe.configure({ timeout: 120_000 });
const LOADED = { timeout: 30_000 };
const USER = DEMO_ACCOUNTS[1];
const USER_ID = '00000000-0000-4000-8000-000000000002';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and commands' });
const box = (page: Page) => palette(page).getByRole('combobox', { name: 'Search and commands' });
const option = (page: Page, name: string | RegExp) => palette(page).getByRole('option', { name });

const SERVICE = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

/** How many rows of `table` the demo user has now (other specs add some to the shared database). */
async function countOf(page: Page, table: string) {
  const response = await page.request.head(`/rest/v1/${table}?user_id=eq.${USER_ID}`, {
    headers: { ...SERVICE, Prefer: 'count=exact' },
  });
  return Number(response.headers()['content-range']?.split('/')[1]);
}

/** The person's page of the demo user, with their scans and profiles. */
async function expectPersonPage(page: Page) {
  await expect(page).toHaveURL(new RegExp(`/admin/users/${USER_ID}$`));
  await expect(page.getByRole('heading', { level: 1, name: USER.email })).toBeVisible(LOADED);
  const scans = page.getByRole('region', { name: /Recent scans/ });
  await expect(
    scans.getByRole('heading', { name: `Recent scans (${await countOf(page, 'scans')})` }),
  ).toBeVisible();
  await expect(scans.getByRole('listitem')).toHaveCount(5);
  const profiles = page.getByRole('region', { name: /Family profiles/ });
  await expect(
    profiles.getByRole('heading', { name: `Family profiles (${await countOf(page, 'profiles')})` }),
  ).toBeVisible();
  // The newest profiles: the seed's, or one another spec added since (with no allergies of its own).
  await expect(profiles.getByRole('link', { name: / · / }).first()).toBeVisible();
  for (const section of ['Basic Information', 'Account Status', 'Activity Timeline'])
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
}

async function axeSerious(page: Page) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

test('Ctrl+K, part of an email, Enter: the person; Send notification: Compose prefilled; keyboard only', async ({
  page,
}) => {
  await page.goto('/admin/scans');
  await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible(LOADED);

  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  // The empty box offers the screens and actions of the role (an owner: all of them).
  await expect(option(page, /^Dashboard/)).toBeVisible();
  await expect(option(page, /^Invite an operator/)).toBeVisible();

  await page.keyboard.type('user@labell');
  const person = option(page, new RegExp(`^${USER.email}`));
  await expect(person).toBeVisible(LOADED);
  await expect(palette(page).getByRole('status')).toHaveText(/^\d+ results?$/);
  await expect(person).toHaveAttribute('aria-selected', 'true');
  await expect(option(page, `Send a notification to ${USER.email} Action`)).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
  await page.keyboard.press('Enter');

  await expectPersonPage(page);
  expect(await axeSerious(page)).toEqual([]);

  // Send notification, reached with Tab.
  const send = page.getByRole('link', { name: 'Send notification' });
  for (let i = 0; i < 40 && !(await send.evaluate((link) => link === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/notifications$/, LOADED);
  await expect(page.getByRole('combobox', { name: 'User' })).toHaveValue(USER.email, LOADED);

  // Recent records come first in an empty box; Escape closes the palette.
  await page.keyboard.press('Control+k');
  await expect(palette(page).getByRole('option').first()).toHaveAccessibleName(new RegExp(`^${USER.email}`));
  await page.keyboard.press('ArrowDown');
  await expect(palette(page).getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
});

test('at 390 px: the app bar search button, a tap, the page without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(box(page)).toBeFocused();
  await box(page).fill(USER.email.slice(0, 9));
  await option(page, new RegExp(`^${USER.email}`)).click();
  await expectPersonPage(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeSerious(page)).toEqual([]);
});

test("a scan's owner and a notification's recipient open the person's page", async ({ page }) => {
  await page.goto('/admin/scans');
  await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible(LOADED);
  await page
    .getByPlaceholder(/Search/)
    .first()
    .fill(USER.email);
  const owner = page.locator('table tbody tr').getByRole('link', { name: USER.email }).first();
  await expect(owner).toBeVisible(LOADED);
  await owner.click();
  await expectPersonPage(page);

  await page.goto('/admin/notifications?tab=history');
  const recipient = page.locator('table tbody tr').getByRole('link', { name: USER.email }).first();
  await expect(recipient).toBeVisible(LOADED);
  await recipient.click();
  await expectPersonPage(page);
});

test('an action: Invite an operator opens the invitation, also from the Team screen itself', async ({
  page,
}) => {
  for (const start of ['/admin/dashboard', '/admin/team']) {
    await page.goto(start);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await box(page).fill('invite');
    await expect(option(page, /^Invite an operator/)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    // By its name: the palette's own dialog, which lists "Invite an operator", can still be on
    // screen while the Team screen's code arrives.
    const invite = page.getByRole('dialog', { name: 'Invite an operator' });
    await expect(invite).toBeVisible(LOADED);
    await expect(page).toHaveURL(/\/admin\/team\?invite=1$/);
    await expect(invite.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/admin\/team$/);
  }
});

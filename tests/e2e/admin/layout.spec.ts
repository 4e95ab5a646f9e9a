import { sidebarFor } from '../../../src/test/expectedScreens';
import { expect, test } from './signedIn';


test.beforeEach(async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
});

test('header and sidebar in the registry order', async ({ page }) => {
  await expect(page.getByRole('banner')).toContainText('LabelLens Admin');
  // The owner's sidebar: every screen with an entry, in src/resources/index.ts's order, Team last.
  await expect(page.getByRole('menuitem')).toHaveText(sidebarFor('owner'));
  await expect(page.getByRole('menuitem').first()).toHaveText('Dashboard');
});

test('ctrl+b collapses the sidebar to icons (3rem) and back (16rem), remembered in a 7-day cookie', async ({
  page,
  context,
}) => {
  const paper = page.locator('.RaSidebar-docked .MuiPaper-root, .RaSidebar-root .MuiPaper-root').first();
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(256);
  await page.keyboard.press('Control+b');
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(48);
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(604800 - 60);
  expect(lifetime).toBeLessThanOrEqual(604800);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(48);
  await page.keyboard.press('Meta+b');
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(256);
  expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
});

test('/admin/messages and /admin/payments show a coming-soon placeholder', async ({ page }) => {
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByText('Messages management is coming soon.')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByText('Payments management is coming soon.')).toBeVisible();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is an off-canvas drawer, 18rem wide, opened from the header', async ({ page }) => {
    await expect(page.getByRole('menuitem', { name: 'Scans' })).toBeHidden();
    await page
      .getByRole('button', { name: /open menu|toggle/i })
      .first()
      .click();
    const scans = page.getByRole('menuitem', { name: 'Scans' });
    await expect(scans).toBeVisible();
    const drawer = page.locator('.MuiDrawer-paper').first();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(288);
    await scans.click();
    await expect(page).toHaveURL(/\/admin\/scans$/);
    await expect(scans).toBeHidden();
  });
});

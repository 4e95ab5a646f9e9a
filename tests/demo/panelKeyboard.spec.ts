import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { onlyFiles, open, serveDemo } from './demoSite';

/** The tester's panel from the keyboard, and axe's WCAG 2.1 A/AA rules over the banner and the panel. */
serveDemo();

test('the panel opens and closes from the keyboard, its tabs are reachable, Escape closes it; axe finds nothing serious in it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await open(page, '/admin/login');
  const toggle = page.getByRole('button', { name: "Tester's panel" });
  // Tab reaches the banner's button (the login form comes first).
  for (let i = 0; i < 30 && !(await toggle.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: "Tester's panel" });
  await expect(panel).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('tab', { name: 'Tools' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('tab', { name: 'Mailbox' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('tabpanel', { name: 'Mailbox' })).toBeVisible();

  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('.demo-banner')
    .include('.demo-panel')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Enter opens it again; Enter on its Close button (focused on opening) closes it.
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();
  onlyFiles();
});

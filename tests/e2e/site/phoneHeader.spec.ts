import { expect, test, type Locator } from '@playwright/test';

/** The side padding of .container (1.25rem): the page's text starts this far from the screen's edge. */
const SIDE_PADDING = 20;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
};

async function expectWithinScreen(locator: Locator, width: number) {
  const { x, width: w } = await box(locator);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + w).toBeLessThanOrEqual(width);
}

for (const width of [320, 390]) {
  for (const { path, toggle } of [
    { path: '/', toggle: 'Open menu' },
    { path: '/hi', toggle: 'मेन्यू खोलें' },
  ]) {
    test.describe(`header at ${width} px on ${path}`, () => {
      test.use({ viewport: { width, height: 760 } });

      test('the language switch fits whole and the page does not scroll sideways', async ({ page }) => {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        const header = page.locator('.site-header');
        const switchBox = await box(header.locator('.lang-switch'));
        for (const name of ['English', 'हिन्दी']) {
          const link = header.getByRole('link', { name, exact: true });
          await expect(link).toBeVisible();
          const linkBox = await box(link);
          // Inside the switch's rounded frame (which clips) and inside the screen.
          expect(linkBox.x).toBeGreaterThanOrEqual(switchBox.x);
          expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(switchBox.x + switchBox.width + 0.5);
          await expectWithinScreen(link, width);
          expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth)).toBe(true);
        }
        await expectWithinScreen(header.getByRole('button', { name: toggle }), width);
        // The logo links home under the product's name at every width.
        await expect(header.getByRole('link', { name: 'LabelLens' })).toBeVisible();
      });

      test("the opened menu's links keep the page's side padding", async ({ page }) => {
        await page.goto(path);
        await page.getByRole('button', { name: toggle }).click();
        const links = page.locator('#mobile-menu a');
        await expect(links).toHaveCount(4);
        for (const link of await links.all()) {
          await expect(link).toBeVisible();
          const { x, width: w } = await box(link);
          expect(x).toBe(SIDE_PADDING);
          expect(x + w).toBeLessThanOrEqual(width - SIDE_PADDING);
        }
        // The same left edge as the header's logo above it.
        expect((await box(page.locator('.site-header .brand'))).x).toBe(SIDE_PADDING);
      });
    });
  }
}

import { expect, test } from '@playwright/test';

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens and closes with the mouse and the keyboard', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await expect(page.locator('.desktop-nav')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Features' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Download App' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    // Keyboard: open with Enter, Escape closes and gives focus back to the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Features' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // A link in the menu navigates and closes the menu.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
    await expect(menu).toBeHidden();
  });
});

test.describe('anchors and in-page navigation', () => {
  test('header anchors scroll to the features and about sections', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL('/#features');
    await expect(page.locator('#features h2')).toBeInViewport();
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/#about');
    await expect(page.locator('#about h2')).toBeInViewport();
  });

  test('footer "About Us" on another page leads to the landing section; pages switch without a reload', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL('/#about');
    await expect(page.locator('#about h2')).toBeInViewport();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy-policy');
    await expect(page).toHaveTitle('Privacy Policy | LabelLens');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://labellens.app/privacy-policy',
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL('/#about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Protect Yourself from the Packaged Food Pandemic',
    );
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/#main');
  });
});

test.describe('language switch', () => {
  test('switches to Hindi, remembers it after reload and on other pages, and switches back', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL('/hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('पैकेटबंद खाने की महामारी से खुद को बचाएँ');
    await expect(
      page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'संपर्क' }),
    ).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('पैकेटबंद खाने की महामारी से खुद को बचाएँ');

    // The remembered choice wins over an English URL typed or linked from elsewhere.
    await page.goto('/contact');
    await expect(page).toHaveURL('/hi/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('हमसे संपर्क करें');
    await expect(page.getByRole('button', { name: 'संदेश भेजें' })).toBeVisible();

    const notFound = await page.goto('/missing-page');
    expect(notFound?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('उफ़! पेज नहीं मिला');
    await expect(page.getByRole('link', { name: 'होम पेज पर लौटें' })).toHaveAttribute('href', '/hi');

    await page.goto('/hi/privacy-policy');
    await expect(page.getByRole('note')).toContainText('अंग्रेज़ी पाठ ही मान्य होगा');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');

    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/privacy-policy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('note')).toHaveCount(0);
    await page.goto('/hi');
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

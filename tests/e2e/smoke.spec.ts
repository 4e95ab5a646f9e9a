import { expect, test } from '@playwright/test';
import { ADMIN } from './admin/signIn';

test('an admin signs in through the stand-in and reaches the dashboard', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Dashboard Overview')).toBeVisible();
});

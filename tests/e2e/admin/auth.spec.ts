import { expect, test } from '@playwright/test';
import { ADMIN, signInAsAdmin } from './signIn';

test('login, welcome toast, then Logout returns to /admin/login and the session is gone', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · LabelLens Admin');
  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();

  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a wrong password shows the provider message and stays on the login page', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid login credentials');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('an app user is refused and signed out', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill('user@labellens.dev');
  await page.getByLabel(/password/i).fill('LabelLens-user-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Access denied. Admin privileges required.');
  await page.goto('/admin/scans');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a deep link survives the login', async ({ page }) => {
  await page.goto('/admin/tags');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/admin\/tags$/);
});

test('signing out in another tab sends this tab to the login page', async ({ page, context }) => {
  await page.goto('/admin/login');
  await signInAsAdmin(page);
  const other = await context.newPage();
  await other.goto('/admin/dashboard');
  await expect(other.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  await other.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/admin\/login$/);
  await expect(page).toHaveURL(/\/admin\/login$/);
});

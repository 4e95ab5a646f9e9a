import { expect, test } from '@playwright/test';
import { newestLink } from './mail';

test.describe.configure({ timeout: 120_000 });

const SUPPORT = 'support@labellens.dev';

test('a forgotten password: the emailed link sets a new one and lands on the dashboard; the link works once', async ({
  page,
  request,
}) => {
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(SUPPORT);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account uses that address, a link to choose a new password is on its way. It works once, for one hour. One link a minute goes to an address: if you asked a moment ago, use that one.',
  );

  const link = await newestLink(request, SUPPORT, 'Reset your LabelLens Admin password');
  expect(new URL(link).pathname).toBe('/admin/set-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  // The token is no longer in the address bar.
  await expect(page).toHaveURL(/\/admin\/set-password$/);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('different');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Use at least 6 characters')).toBeVisible();
  await expect(page.getByText('The two passwords are not the same')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Support-reset-1');
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('Support-reset-1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible();
  // Support's menu: no Team, no News writing screens hidden here, but the inbox is there.
  await expect(page.getByRole('menuitem', { name: /Contact Inbox/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Team' })).toHaveCount(0);

  // The same link again: used.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link);
  await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  // The new password signs in.
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill(SUPPORT);
  await page.getByLabel(/password/i).fill('Support-reset-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible();
});

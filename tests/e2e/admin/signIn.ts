import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@labellens.dev', password: 'LabelLens-admin-1' } as const;

/** Signs in through the login page, wherever it was reached from. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel(/email/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible();
}

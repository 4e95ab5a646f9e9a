import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../mocks/supabase/demoAccounts';

/** The demo admin (mocks/supabase/demoAccounts.ts, the one list of demo logins). */
export const ADMIN = { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password } as const;

/** Signs in through the login page, wherever it was reached from. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel(/email/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible();
}

import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { ADMIN, signInAsAdmin } from './signIn';

/** Two operators in two browser contexts, for the specs where they meet (liveEditing, versionedSaves). */
export const LOADED = { timeout: 30_000 };
export const SERVICE = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
export const SECOND = { email: 'second.operator@labellens.dev', password: 'Second-operator-1' };

/** A second active admin (GoTrue's admin API and an admin_users row, both as the service role). */
export async function secondAdmin(request: APIRequestContext) {
  const created = await request.post('/auth/v1/admin/users', {
    headers: SERVICE,
    data: { ...SECOND, email_confirm: true },
  });
  // 422 when an earlier run of this file made it already.
  expect([200, 422]).toContain(created.status());
  const users = (await (await request.get('/auth/v1/admin/users', { headers: SERVICE })).json()) as {
    users: { id: string; email: string }[];
  };
  const id = users.users.find((u) => u.email === SECOND.email)?.id;
  const row = await request.post('/rest/v1/admin_users', {
    headers: { ...SERVICE, Prefer: 'resolution=merge-duplicates' },
    data: { user_id: id, is_active: true },
  });
  expect([201, 409]).toContain(row.status());
}

/** A new browser context signed in as `account`; `prepare` runs on the context first (e.g. routes). */
export async function signedIn(
  browser: Browser,
  account: { email: string; password: string },
  prepare?: (context: Awaited<ReturnType<Browser['newContext']>>) => Promise<void>,
): Promise<Page> {
  const context = await browser.newContext();
  await prepare?.(context);
  const page = await context.newPage();
  await page.goto('/admin/login');
  if (account.email === ADMIN.email) return signInAsAdmin(page).then(() => page);
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/password/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible(LOADED);
  return page;
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { newestLink } from './mail';

test.describe.configure({ timeout: 120_000 });

const SERVICE = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

/**
 * A support operator of its own for each attempt (GoTrue's admin API and an admin_users row, as the
 * service role): a retry meets neither Auth's 60 s between two recovery emails to one address nor a
 * password the first attempt changed.
 */
async function freshSupport(request: APIRequestContext): Promise<string> {
  const email = `support.reset.${Date.now()}@labellens.dev`;
  const created = await request.post('/auth/v1/admin/users', {
    headers: SERVICE,
    data: { email, password: 'Support-start-1', email_confirm: true },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const row = await request.post('/rest/v1/admin_users', {
    headers: SERVICE,
    data: { user_id: id, role: 'support', is_active: true },
  });
  expect(row.status()).toBe(201);
  return email;
}

test('a forgotten password: the emailed link sets a new one and lands on the dashboard; the link works once', async ({
  page,
  request,
}) => {
  const SUPPORT = await freshSupport(request);
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

test("a GET /auth/v1/verify link (generate_link's action_link) followed in Chromium: the allowed redirect, with the session in its fragment, once", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await freshSupport(request);
  const generate = async (redirectTo: string) => {
    const answer = await request.post(
      `/auth/v1/admin/generate_link?redirect_to=${encodeURIComponent(redirectTo)}`,
      {
        headers: SERVICE,
        data: { type: 'recovery', email },
      },
    );
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { action_link: string }).action_link;
  };
  const link = await generate(`${baseURL}/admin/login`);
  expect(link.startsWith(`${baseURL}/auth/v1/verify?token=`)).toBe(true);

  await page.goto(link);
  await expect(page).toHaveURL(
    /\/admin\/login#access_token=[\w.-]+&expires_at=\d+&expires_in=3600&refresh_token=[\w-]+&sb=&token_type=bearer&type=recovery$/,
  );
  // The session in the fragment is the operator's (Auth verified the link)...
  const accessToken = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('access_token');
  const user = await request.get('/auth/v1/user', {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${accessToken}` },
  });
  expect(((await user.json()) as { email: string }).email).toBe(email);
  // ...and the admin, which signs in only with a password, does not take it up.
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  // The same link again: Auth sends the browser to the same place with the error instead.
  await page.goto(link);
  await expect(page).toHaveURL(
    `${baseURL}/admin/login#error=access_denied&error_code=otp_expired&error_description=Token+has+expired+or+is+invalid&sb=`,
  );

  // A redirect_to outside the allowed URLs leads to the site URL (this server's own origin).
  await page.goto(await generate('https://evil.example/steal'));
  expect(new URL(page.url()).origin).toBe(baseURL);
  expect(new URL(page.url()).hash).toMatch(/^#access_token=/);
});

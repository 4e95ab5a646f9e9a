import { expect, test } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../../mocks/supabase/keys';
import { signInAsAdmin } from './signIn';

test.describe.configure({ timeout: 120_000 });

/** The signed-in user's email as supabase-js stored the session (its sb-…-auth-token key). */
const storedEmail = () => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
  return key ? (JSON.parse(localStorage.getItem(key)!) as { user: { email: string } }).user.email : null;
};

test("issue 16 finding 7: a link carrying another user's session does not replace the admin's", async ({
  page,
  request,
}) => {
  await page.goto('/admin/login');
  await signInAsAdmin(page);
  await expect(page.getByText('Dashboard Overview')).toBeVisible();

  // An app user's own tokens, as the review used them.
  const grant = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: LOCAL_ANON_KEY },
    data: { email: 'user@labellens.dev', password: 'LabelLens-user-1' },
  });
  const session = (await grant.json()) as { access_token: string; refresh_token: string };
  await page.goto(
    `/admin/dashboard#access_token=${session.access_token}&refresh_token=${session.refresh_token}` +
      '&expires_in=3600&token_type=bearer&type=magiclink',
  );
  await expect(page.getByText('Dashboard Overview')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  expect(await page.evaluate(storedEmail)).toBe('admin@labellens.dev');
});

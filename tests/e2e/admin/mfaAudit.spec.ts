import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../mocks/supabase/demoAccounts';
import { LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { totpCode, wrongTotpCode } from '../../../mocks/supabase/auth/mfaTesting';

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const SERVICE = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

/** A new active admin (service role, as an operator would add one) and a tag for them to edit. */
async function setUp(request: APIRequestContext) {
  const id = stamp();
  const email = `e2e-mfa-${id}@example.test`;
  const password = 'E2e-mfa-admin-1';
  const created = await request.post('/auth/v1/admin/users', {
    headers: SERVICE,
    data: { email, password, email_confirm: true },
  });
  expect(created.status()).toBe(200);
  const user = (await created.json()) as { id: string };
  const admin = await request.post('/rest/v1/admin_users', { headers: SERVICE, data: { user_id: user.id } });
  expect(admin.status()).toBe(201);
  const key = `e2e-audit-${id}`;
  const tag = await request.post('/rest/v1/tags', {
    headers: SERVICE,
    data: { key, label: 'E2E Audited', icon: 'tag', color: '#123456', category: 'general' },
  });
  expect(tag.status()).toBe(201);
  return { email, password, key };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('enrol from the Security page, sign in again with password and code, see an edit in History and the Audit Log', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email, password, key } = await setUp(request);

  await signInWithPassword(page, email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  await expect(page.getByText('Protect your account with an authenticator app')).toBeVisible();

  // Security, from the user menu: add an authenticator app.
  await page.getByRole('button', { name: email, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByText('No authenticator app yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByLabel('Name').fill('E2E phone');
  await dialog.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await dialog.getByTestId('totp-secret').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('Enter the 6-digit code').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Verify and finish' }).click();
  await expect(page.getByText('Authenticator app added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Authenticator apps' }).getByText('E2E phone')).toBeVisible();

  // Sign out, then in again: the password alone is not enough.
  await page.getByRole('button', { name: email, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInWithPassword(page, email, password);
  const code = page.getByLabel('Enter the 6-digit code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(wrongTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('code-error')).toHaveText(
    'That code is not right. Check your authenticator app and try again.',
  );
  // A pasted code with a space in the middle is accepted.
  const current = totpCode(secret);
  await code.fill(`${current.slice(0, 3)} ${current.slice(3)}`);
  await page.getByRole('button', { name: 'Verify' }).click();
  // Back where the admin was before signing out.
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toBeVisible();
  await expect(page.getByText('Protect your account with an authenticator app')).toBeHidden();

  // An edit, then its History tab.
  await page.goto('/admin/tags');
  await page.getByPlaceholder('Search tags...').fill(key);
  const row = page.getByRole('row').filter({ hasText: key });
  await row.getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Tag' });
  await edit.getByLabel('Label', { exact: true }).fill('E2E Audited Twice');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('E2E Audited Twice')).toBeVisible();
  await row.getByRole('link', { name: 'Edit' }).click();
  await edit.getByRole('tab', { name: 'History' }).click();
  const history = edit.getByRole('list', { name: 'History' });
  const newest = history.getByRole('listitem').first();
  await expect(newest).toContainText(`Changed · ${email}`);
  await expect(newest.getByRole('row', { name: 'label E2E Audited E2E Audited Twice' })).toBeVisible();
  await expect(history.getByRole('listitem').last()).toContainText('Created · System');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The Audit Log: this admin's change, their sign-ins and the authenticator set-up.
  await page.goto('/admin/audit-log');
  await page.getByPlaceholder('Search by person or record id...').fill(email);
  const tagRow = page.getByRole('row').filter({ hasText: 'Tag' }).filter({ hasText: email });
  await expect(tagRow).toContainText('Changed');
  await expect(tagRow).toContainText('label');
  await expect(page.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Started authenticator setup' })).toBeVisible();
});

test('on a phone, the demo admin with an authenticator app signs in with the keyboard alone and opens Security', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const demo = DEMO_ACCOUNTS.find((a) => 'totpSecret' in a)!;
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill(demo.email);
  await page.getByLabel(/password/i).fill(demo.password);
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Enter the 6-digit code');
  await expect(code).toBeFocused();
  await expect(code).toBeInViewport();
  await code.fill(totpCode('totpSecret' in demo ? demo.totpSecret : ''));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  await page.goto('/admin/security');
  const apps = page.getByRole('list', { name: 'Authenticator apps' });
  await expect(apps.getByText('Demo authenticator')).toBeInViewport();
  await expect(apps.getByRole('button', { name: 'Remove' })).toBeInViewport();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

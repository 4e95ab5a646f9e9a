import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { ADMIN, signInAsAdmin } from './signIn';

// Two operators with the same news article open in Chromium: each sees the other (presence), and
// when one saves, the other's dialog says who saved a newer version and asks before saving over it.
test.describe.configure({ timeout: 150_000 });
const LOADED = { timeout: 30_000 };
const SERVICE = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
const SECOND = { email: 'second.operator@labellens.dev', password: 'Second-operator-1' };

/** A second active admin (GoTrue's admin API and an admin_users row, both as the service role). */
async function secondAdmin(request: APIRequestContext) {
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

async function signedIn(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  if (account.email === ADMIN.email) return signInAsAdmin(page).then(() => page);
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/password/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible(LOADED);
  return page;
}

test('presence and the stale-edit warning between two operators', async ({ browser, request }) => {
  await secondAdmin(request);
  const inserted = await request.post('/rest/v1/news', {
    headers: { ...SERVICE, Prefer: 'return=representation' },
    data: { title: 'Two operators', content: 'Body', source_url: 'https://example.com/two' },
  });
  const [article] = (await inserted.json()) as { id: string }[];
  const mine = await signedIn(browser, ADMIN);
  const theirs = await signedIn(browser, SECOND);
  try {
    for (const page of [mine, theirs]) {
      await page.goto(`/admin/news/${article.id}`);
      await expect(page.getByRole('dialog').getByLabel('Title')).toHaveValue('Two operators', LOADED);
    }
    await expect(mine.getByRole('dialog')).toContainText(`Also open by:${SECOND.email}`, LOADED);
    await expect(theirs.getByRole('dialog')).toContainText(`Also open by:${ADMIN.email}`, LOADED);

    await mine.getByRole('dialog').getByLabel('Title').fill('My version');
    await theirs.getByRole('dialog').getByLabel('Title').fill('Their version');
    await theirs.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(theirs.getByRole('dialog')).toHaveCount(0, LOADED);

    const warning = mine.getByRole('dialog').getByRole('alert');
    await expect(warning).toContainText(new RegExp(`^${SECOND.email} saved a newer version at `), LOADED);
    await expect(mine.getByRole('dialog').getByLabel('Title')).toHaveValue('My version');
    await mine.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const confirm = mine.getByRole('dialog', { name: 'Save over a newer version?' });
    await expect(confirm).toContainText(`${SECOND.email} saved this record at`);
    await confirm.getByRole('button', { name: 'Save mine' }).click();
    await expect(mine.getByRole('dialog')).toHaveCount(0, LOADED);
    const saved = await request.get(`/rest/v1/news?id=eq.${article.id}&select=title`, { headers: SERVICE });
    expect(await saved.json()).toEqual([{ title: 'My version' }]);
  } finally {
    await request.delete(`/rest/v1/news?id=eq.${article.id}`, { headers: SERVICE });
    await mine.context().close();
    await theirs.context().close();
  }
});

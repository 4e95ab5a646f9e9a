import { LOCAL_ANON_KEY } from '../../../mocks/supabase/keys';
import { newestLink } from './mail';
import { expect, test } from './signedIn';

test.describe.configure({ timeout: 150_000 });

/** A fresh address per attempt: a retry (CI retries once) must not meet the first attempt's operator. */
const freshAddress = (name: string) => `${name}-${test.info().retry}-${Date.now()}@labellens.dev`;

test('an owner invites an editor, who sets a password from the email and gets the editor menu; deactivated, they lose access', async ({
  page,
  browser,
  request,
}) => {
  const INVITEE = freshAddress('invited-editor');
  await page.goto('/admin/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Invite operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await dialog.getByLabel('Email').fill('not an address');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  // An address that is already an operator: the function's answer, and the typing kept.
  await dialog.getByLabel('Email').fill('support@labellens.dev');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This address is already an operator');
  await expect(dialog.getByLabel('Email')).toHaveValue('support@labellens.dev');
  await dialog.getByLabel('Email').fill(INVITEE);
  await expect(dialog.getByText("News, health tips and tags; no app users' data")).toBeVisible();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${INVITEE}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: INVITEE });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();

  // The invitee, in a browser of their own: not the owner's signed-in state this file's pages start with.
  const inviteeContext = await browser.newContext({ storageState: undefined });
  const invitee = await inviteeContext.newPage();
  const link = await newestLink(request, INVITEE, 'You are invited to LabelLens Admin');
  expect(new URL(link).pathname).toBe('/admin/set-password');
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await invitee.getByRole('textbox', { name: 'New password', exact: true }).fill('Invited-editor-1');
  await invitee.getByRole('textbox', { name: 'Repeat the new password' }).fill('Invited-editor-1');
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee.getByText('Welcome to Admin Panel')).toBeVisible();
  await expect(invitee.getByRole('menuitem', { name: 'News' })).toBeVisible();
  await expect(invitee.getByRole('menuitem', { name: 'Health Tips' })).toBeVisible();
  for (const absent of ['Scans', 'Profiles', 'Users', 'Team', 'Notifications'])
    await expect(invitee.getByRole('menuitem', { name: absent, exact: true })).toHaveCount(0);
  await expect(invitee.getByRole('menuitem', { name: /Contact Inbox/ })).toHaveCount(0);

  // Accepted: no longer "Invited". The owner deactivates them.
  await page.reload();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Invited', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(
    page.getByText(`Deactivate ${INVITEE}? They lose access at their next request.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Team updated')).toBeVisible();
  await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();

  // Their session is still signed in, but the next screen they open sends them to the sign-in page,
  // and signing in again is refused.
  await invitee.goto('/admin/news');
  await expect(invitee.getByText('Sign in with your administrator account')).toBeVisible();
  await invitee.getByLabel(/email/i).fill(INVITEE);
  await invitee.getByLabel(/password/i).fill('Invited-editor-1');
  await invitee.getByRole('button', { name: 'Sign In' }).click();
  await expect(invitee.getByTestId('login-error')).toHaveText('Access denied. Admin privileges required.');
  await inviteeContext.close();
});

test('a sign-up with a pending invitee’s address gets no operator rights; the re-invitation sends a reset link through which the invitee accepts', async ({
  page,
  browser,
  request,
}) => {
  const INVITEE = freshAddress('invited-again');
  await page.goto('/admin/team');
  await page.getByRole('button', { name: 'Invite operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await dialog.getByLabel('Email').fill(INVITEE);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${INVITEE}`)).toBeVisible();

  // Someone without the mailbox signs up with the address: Supabase Auth confirms the account and
  // answers a session for it. That session is no operator.
  const signup = await request.post('/auth/v1/signup', {
    headers: { apikey: LOCAL_ANON_KEY },
    data: { email: INVITEE, password: 'Not-the-invitee-1' },
  });
  expect(signup.status()).toBe(200);
  const taken = (await signup.json()) as { access_token: string };
  const asTaken = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${taken.access_token}` };
  expect(
    await (await request.post('/rest/v1/rpc/admin_role', { headers: asTaken, data: {} })).json(),
  ).toBeNull();
  expect((await request.post('/rest/v1/rpc/admin_list_users', { headers: asTaken, data: {} })).status()).toBe(
    403,
  );
  const row = page.getByRole('row').filter({ hasText: INVITEE });
  await page.reload();
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();

  // The sign-up used the invitation link up; the owner invites again and is told a reset link went.
  const inviteeContext = await browser.newContext({ storageState: undefined });
  const invitee = await inviteeContext.newPage();
  await invitee.goto(await newestLink(request, INVITEE, 'You are invited to LabelLens Admin'));
  await expect(invitee.getByText('This link has expired or was already used')).toBeVisible();
  await page.getByRole('button', { name: 'Invite operator' }).click();
  await dialog.getByLabel('Email').fill(INVITEE);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`The account of ${INVITEE} was already confirmed`)).toBeVisible();

  await invitee.goto(await newestLink(request, INVITEE, 'Reset your LabelLens Admin password'));
  await invitee.getByRole('textbox', { name: 'New password', exact: true }).fill('Invited-again-1');
  await invitee.getByRole('textbox', { name: 'Repeat the new password' }).fill('Invited-again-1');
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee.getByText('Welcome to Admin Panel')).toBeVisible();
  await expect(invitee.getByRole('menuitem', { name: 'News' })).toBeVisible();
  await page.reload();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Invited', { exact: true })).toHaveCount(0);
  // The session from the sign-up still acts as nobody's operator.
  expect(
    await (await request.post('/rest/v1/rpc/admin_role', { headers: asTaken, data: {} })).json(),
  ).toBeNull();
  await inviteeContext.close();
});

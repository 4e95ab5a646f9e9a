import { newestLink } from './mail';
import { expect, test } from './signedIn';

test.describe.configure({ timeout: 150_000 });

const INVITEE = 'invited-editor@labellens.dev';

test('an owner invites an editor, who sets a password from the email and gets the editor menu; deactivated, they lose access', async ({
  page,
  browser,
  request,
}) => {
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

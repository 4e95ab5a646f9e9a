import { expect, test } from '@playwright/test';
import { ORIGIN, onlyFiles, open, openPanel, serveDemo, signIn, signOut } from './demoSite';

/**
 * The tester's panel on the demo as shipped (tests/demo/demoSite.ts): the mailbox, the push
 * sandbox, 10,000 scans, sign-in per role, a delete with Undo and the trash.
 */
serveDemo();

test("the owner invites an operator; the panel's mailbox shows the invitation, still after a reload; its link sets a password that signs in", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const invitee = `demo-invitee-${Date.now()}@labellens.dev`;
  const password = 'Invited-editor-1';
  await signIn(page, 'admin@labellens.dev');
  await open(page, '/admin/team');
  await page.getByRole('button', { name: 'Invite operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await dialog.getByLabel('Email').fill(invitee);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  // No hang: the function makes six requests of the stand-in in the page (the caller, its role,
  // the team, the accounts, Auth's invite, the operator's row), 25-33 s on this loaded machine.
  await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible({ timeout: 60_000 });

  /** The invitation in the panel's Mailbox tab. */
  const invitation = async () => {
    const panel = await openPanel(page);
    await panel.getByRole('tab', { name: 'Mailbox' }).click();
    const mail = panel.getByRole('listitem').filter({ hasText: `To ${invitee}` });
    await expect(mail.getByText('You are invited to LabelLens Admin', { exact: true })).toBeVisible();
    return mail;
  };
  await invitation();
  // A page load keeps it (localStorage: demo/sandboxStores.ts), as a hosted project's inbox would.
  await page.reload();
  await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 30_000 });
  await (await invitation()).getByRole('link', { name: 'Choose your password' }).click();
  await expect(page).toHaveURL(
    new RegExp(`^${ORIGIN}/admin/set-password\\?token_hash=[0-9a-f]{56}&type=invite$`),
  );
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible({ timeout: 20_000 });

  // Signed out, the invitee signs in with the password they chose.
  await signOut(page);
  await open(page, '/admin/login');
  await page.getByLabel(/email/i).fill(invitee);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin/dashboard`, { timeout: 20_000 });
  await expect(page.getByRole('menuitem', { name: 'News' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Team', exact: true })).toHaveCount(0);
  onlyFiles();
});

test('the owner sends a push to an audience; the push sandbox shows it, still after a reload', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const title = `Recall ${Date.now()}`;
  await signIn(page, 'admin@labellens.dev');
  await open(page, '/admin/notifications?tab=audience');
  const who = page.getByRole('region', { name: 'Who gets it' });
  await who.getByRole('combobox', { name: 'Allergies (any of)' }).fill('Peanuts');
  await page.getByRole('option', { name: 'Peanuts', exact: true }).click();
  await who.getByRole('checkbox', { name: 'Hindi' }).check();
  // Seed: devices of users 7, 19 and 31 are in Hindi and their Self profiles list Peanuts.
  await expect(page.getByTestId('audience-count')).toHaveText('3 people on 3 devices', { timeout: 20_000 });
  const what = page.getByRole('form', { name: 'What they read' });
  await what.getByRole('textbox', { name: 'Title (English)' }).fill(title);
  await what.getByRole('textbox', { name: 'Message (English)' }).fill('A peanut snack batch is recalled.');
  // Urgent, so quiet hours do not hold it whenever the test runs.
  await what.getByRole('checkbox', { name: /^Urgent/ }).check();
  await what.getByRole('button', { name: 'Send to audience' }).click();

  // The page's schedule runs the push queue's worker every 10 s; the tab reads the sandbox when chosen.
  const panel = await openPanel(page);
  const push = panel.getByRole('listitem').filter({ hasText: title });
  await expect(async () => {
    await panel.getByRole('tab', { name: 'Push sandbox' }).click();
    // Every device's push, once the worker has sent them all.
    await expect(push).toContainText('3 devices · 3 delivered', { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expect(push).toContainText('A peanut snack batch is recalled.');
  await expect(push).toContainText(/^.*Audience send [0-9a-f-]{36} · 3 devices · 3 delivered · /);

  // A page load keeps it whole, its time too (localStorage: demo/sandboxStores.ts).
  const shown = (await push.textContent())!;
  await page.reload();
  await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 30_000 });
  const again = await openPanel(page);
  await again.getByRole('tab', { name: 'Push sandbox' }).click();
  await expect(again.getByRole('listitem').filter({ hasText: title })).toHaveText(shown);
  onlyFiles();
});

test('"Reset data to the seed" empties the Mailbox', async ({ page }) => {
  test.setTimeout(150_000);
  await open(page, '/admin/forgot-password');
  await page.getByLabel('Email').fill('support@labellens.dev');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to choose a new password is on its way', {
    timeout: 20_000,
  });
  const panel = await openPanel(page);
  await panel.getByRole('tab', { name: 'Mailbox' }).click();
  await expect(panel.getByText('Reset your LabelLens Admin password', { exact: true })).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await panel.getByRole('tab', { name: 'Tools' }).click();
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  await panel.getByRole('button', { name: 'Reset data to the seed' }).click();
  // The page reloads onto the seed, loaded anew.
  await reloaded;
  await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 60_000 });
  const again = await openPanel(page);
  await again.getByRole('tab', { name: 'Mailbox' }).click();
  await expect(again.getByRole('tabpanel')).toHaveText(
    'No email yet. Invitations, password resets and email changes show here.',
  );
  // No email or push left (the reloaded page keeps its schema catalog there too: no sandbox's).
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => /^labellens-demo:(mail|push):/.test(k)),
    ),
  ).toEqual([]);
  onlyFiles();
});

test('the panel loads 10,000 scans and the Scans list counts them', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@labellens.dev');
  const panel = await openPanel(page);
  const started = Date.now();
  await panel.getByRole('button', { name: 'Load 10,000 scans' }).click();
  await expect(panel.getByRole('status', { name: 'Scans loaded' })).toContainText('Loaded 10,000 scans in', {
    timeout: 120_000,
  });
  console.log(`[demo] 10,000 scans loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await open(page, '/admin/scans');
  // Past max-rows the list shows the planner's estimate ("of about N", count=estimated), not an exact
  // count: the seed's 180 and the 10,000 new ones are at least there.
  const range = page.getByText(/^1-25 of about [\d,]+$/);
  await expect(range).toBeVisible({ timeout: 20_000 });
  const total = Number((await range.textContent())!.replace(/^.* of about /, '').replace(/,/g, ''));
  expect(total).toBeGreaterThanOrEqual(10_180);
  expect(total).toBeLessThan(2 * 10_180);
  onlyFiles();
});

test('sign-in per role through the panel, switching while signed in: the owner sees Team, the editor News and no Scans, support its dashboard', async ({
  page,
}) => {
  test.setTimeout(420_000);
  /** One click in the panel of the page open now, signed in or not; the user menu then names `email`. */
  const as = async (email: string) => {
    await (await openPanel(page)).getByRole('button', { name: `Sign in as ${email}` }).click();
    await expect(page).toHaveURL(`${ORIGIN}/admin/dashboard`, { timeout: 45_000 });
    await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: email, exact: true })).toBeVisible({ timeout: 30_000 });
  };
  await open(page, '/admin/login');
  await as('admin@labellens.dev');
  await open(page, '/admin/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible({ timeout: 20_000 });
  await as('editor@labellens.dev');
  await open(page, '/admin/news');
  await expect(page.getByRole('button', { name: 'editor@labellens.dev', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: 'News' }).first()).toBeVisible({ timeout: 20_000 });
  await open(page, '/admin/scans');
  await expect(page.getByRole('heading', { name: 'No access', level: 1 })).toBeVisible({ timeout: 20_000 });
  await as('support@labellens.dev');
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible({ timeout: 20_000 });

  // The account with a second factor: the panel gives its current code (an aal2 session), then the
  // next one-click sign-in replaces it.
  await as('mfa-admin@labellens.dev');
  await open(page, '/admin/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible({ timeout: 20_000 });
  await as('editor@labellens.dev');
  await open(page, '/admin/scans');
  await expect(page.getByRole('heading', { name: 'No access', level: 1 })).toBeVisible({ timeout: 20_000 });
  onlyFiles();
});

// The search typed just before the Delete reads the list while the demo still stores the delete
// (a write is answered once IndexedDB holds it): the row, with its Delete button, goes before the
// answer, and the toast must come all the same (DeleteRecordButton, docs/demo.md).
test('a deleted health tip comes back with Undo', async ({ page }) => {
  test.setTimeout(150_000);
  const tip = `Demo trash ${Date.now()}: drink water.`;
  await signIn(page, 'admin@labellens.dev');
  await open(page, '/admin/health-tips');
  await page.getByRole('link', { name: 'Add Health Tip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Health Tip' });
  await dialog.getByLabel('Health Tip Content', { exact: true }).fill(tip);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Health tip created successfully' })).toBeVisible();
  await page.getByPlaceholder('Search health tips...').fill(tip);
  const row = page.getByRole('row').filter({ hasText: tip });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toHaveCount(0);
  await page
    .getByRole('alert')
    .filter({ hasText: 'Health tip deleted successfully' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(row).toHaveCount(1);
  // Restored in the stored data, not only on screen: a reload (the search is in the URL) shows it.
  await page.reload();
  await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 30_000 });
  await expect(row).toHaveCount(1, { timeout: 20_000 });

  // The trash's restore is not asserted yet: its search did not find the deleted tip in the one run
  // here (docs/demo.md, "Known problems").
  onlyFiles();
});

import { expect, test } from '@playwright/test';
import { ORIGIN, onlyFiles, open, openPanel, serveDemo, signIn } from './demoSite';

/**
 * The tester's panel on the demo as shipped (tests/demo/demoSite.ts): the mailbox, the push
 * sandbox, 10,000 scans, sign-in per role, a delete with Undo and the trash.
 */
serveDemo();

test("the owner invites an operator; the panel's mailbox shows the invitation and its link opens the set-password page", async ({
  page,
}) => {
  const invitee = `demo-invitee-${Date.now()}@labellens.dev`;
  await signIn(page, 'admin@labellens.dev');
  await open(page, '/admin/team');
  await page.getByRole('button', { name: 'Invite operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await dialog.getByLabel('Email').fill(invitee);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();

  const panel = await openPanel(page);
  await panel.getByRole('tab', { name: 'Mailbox' }).click();
  const mail = panel.getByRole('listitem').filter({ hasText: `To ${invitee}` });
  await expect(mail.getByText('You are invited to LabelLens Admin', { exact: true })).toBeVisible();
  await mail.getByRole('link', { name: 'Choose your password' }).click();
  await expect(page).toHaveURL(
    new RegExp(`^${ORIGIN}/admin/set-password\\?token_hash=[0-9a-f]{56}&type=invite$`),
  );
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible({ timeout: 20_000 });
  onlyFiles();
});

test('the owner sends a push to an audience; the push sandbox shows it', async ({ page }) => {
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
    await expect(push).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(push).toContainText('A peanut snack batch is recalled.');
  await expect(push).toContainText(/^.*Audience send [0-9a-f-]{36} · 3 devices · 3 delivered · /);
  onlyFiles();
});

test("the panel loads 10,000 scans and the Scans list counts them", async ({ page }) => {
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
  await expect(page.getByText(/^1-\d+ of (about )?10,180$/)).toBeVisible({ timeout: 20_000 });
  onlyFiles();
});

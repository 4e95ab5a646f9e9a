import type { Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { expect, test } from './signedIn';

interface Delivery {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
  result: { ok: boolean; messageId?: string; error?: string };
}

// Each test signs in, sends, and reloads twice: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Send Notifications' })).toBeVisible();
});

async function compose(page: Page, email: string, draft: { title: string; body: string; data?: string }) {
  await page.getByRole('combobox', { name: 'User' }).fill(email.split('@')[0]);
  await page.getByRole('option', { name: new RegExp(`^${email.replace(/\./g, '\\.')}`) }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(draft.title);
  await page.getByRole('textbox', { name: 'Message' }).fill(draft.body);
  if (draft.data) await page.getByRole('textbox', { name: 'Custom data (optional)' }).fill(draft.data);
}

/** The History row of a send, after a reload (so it comes from the database, not from memory). */
async function historyRow(page: Page, title: string) {
  await page.goto('/admin/notifications?tab=history');
  await page.reload();
  await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
  return page.getByRole('row').filter({ hasText: title });
}

test('a push to the demo app user is delivered, recorded with its message id, and received as sent', async ({
  page,
  request,
}) => {
  const run = `${Date.now()}`;
  const draft = {
    title: `Weekly summary ${run}`,
    body: 'You scanned 12 products this week. Tap to see your healthiest picks.',
    // in jsonb's key order (shorter keys first), as History shows the stored object
    data: { run, screen: 'summary' },
  };
  await compose(page, 'user@labellens.dev', { ...draft, data: JSON.stringify(draft.data) });
  await expect(page.getByText('Device registered')).toBeVisible();
  await expect(page.getByTestId('notification-preview')).toContainText(draft.title);
  await page.getByRole('button', { name: 'Send Notification' }).click();

  const toast = page.getByText(/^Notification sent successfully! Message ID: /);
  await expect(toast).toBeVisible();
  const messageId = (await toast.textContent())!.replace('Notification sent successfully! Message ID: ', '');
  expect(messageId).toMatch(/^projects\/labellens-local\/messages\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('');

  const row = await historyRow(page, draft.title);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('sent');
  await expect(row).toContainText('user@labellens.dev');
  await expect(row).toContainText('admin@labellens.dev');
  await expect(row).toContainText(draft.body);
  await expect(row).toContainText(JSON.stringify(draft.data));
  await expect(row).toContainText(messageId);

  const sandbox = await request.get('/functions/v1/push-sandbox', {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  expect(sandbox.status()).toBe(200);
  const { delivered } = (await sandbox.json()) as { delivered: Delivery[] };
  expect(delivered.filter((push) => push.result.messageId === messageId)).toEqual([
    {
      token: 'demo-fcm-token-user-labellens-dev',
      title: draft.title,
      body: draft.body,
      data: draft.data,
      result: { ok: true, messageId },
      at: expect.any(String),
    },
  ]);
});

test('a push to a user without a device fails with its reason, recorded in History', async ({
  page,
  request,
}) => {
  const title = `Nobody home ${Date.now()}`;
  await compose(page, 'inactive-admin@labellens.dev', { title, body: 'This user has no device.' });
  await expect(
    page.getByText('This user has no registered device: the notification will fail to send.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send Notification' }).click();
  await expect(
    page.getByText('Failed to send notification: No device token found for this user'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);

  const row = await historyRow(page, title);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('failed');
  await expect(row).toContainText('inactive-admin@labellens.dev');
  await expect(row).toContainText('No device token found for this user');

  const sandbox = await request.get('/functions/v1/push-sandbox', {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  const { delivered } = (await sandbox.json()) as { delivered: Delivery[] };
  expect(delivered.filter((push) => push.title === title)).toEqual([]);
});

import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { formatCount } from '../../../src/domain/format';
import { channelJoined } from './realtime';
import { expect, test } from './signedIn';

// Realtime in Chromium, through the Content-Security-Policy the server sends: the dashboard and the
// inbox follow changes committed elsewhere, with no reload and no polling.
test.describe.configure({ timeout: 120_000 });
const LOADED = { timeout: 30_000 };
const SERVICE = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

test('the dashboard is live: its badge shows the connection and a new scan moves Total Scans', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/admin/dashboard');
  const badge = page.locator('[data-live-state]');
  await expect(badge).toHaveAttribute('data-live-state', 'live', LOADED);
  await expect(badge).toHaveText('Live Data');
  const total = page.getByRole('region', { name: 'Total Scans' }).getByTestId('stat-value');
  await expect(total).toHaveText(/\d/, LOADED);
  const before = Number((await total.textContent())?.replace(/\D/g, ''));

  const inserted = await request.post('/rest/v1/scans', {
    headers: { ...SERVICE, Prefer: 'return=representation' },
    data: { name: 'Live e2e biscuit', health_score: 77 },
  });
  expect(inserted.status()).toBe(201);
  const [scan] = (await inserted.json()) as { id: string }[];
  try {
    await expect(total).toHaveText(formatCount(before + 1), { timeout: 10_000 });
    await expect(page.getByRole('region', { name: 'Recent Scans' })).toContainText('Live e2e biscuit');
  } finally {
    await request.delete(`/rest/v1/scans?id=eq.${scan.id}`, { headers: SERVICE });
  }
  expect(violations).toEqual([]);
});

test('the inbox shows a bar for a message sent from the contact form while it is open', async ({
  page,
  request,
}) => {
  const following = channelJoined(page, 'admin:resource/contact-messages');
  await page.goto('/admin/contact-messages');
  // The first page, not the loading skeleton's rows: a message sent before the page is read would
  // be in it, not in the bar.
  await expect(page.getByRole('status').filter({ hasText: /^\d+ contact messages found$/ })).toBeAttached(
    LOADED,
  );
  // The inbox subscribes as it mounts, but the page can arrive before the server has the channel.
  await following;
  const counted = await request.head('/rest/v1/contact_messages?status=eq.new', {
    headers: { ...SERVICE, Prefer: 'count=exact' },
  });
  const newBefore = Number(counted.headers()['content-range']?.split('/')[1]);
  const sent = await request.post('/rest/v1/contact_messages', {
    headers: { apikey: LOCAL_ANON_KEY, Prefer: 'return=minimal' },
    data: {
      first_name: 'Priya',
      email: 'priya@example.com',
      subject: 'Live e2e question',
      message: 'Hello from e2e',
    },
  });
  expect(sent.status()).toBe(201);
  // Removed however the test ends: a retry must start without it.
  try {
    const bar = page.getByRole('status').filter({ hasText: '1 new message' });
    await expect(bar).toBeVisible({ timeout: 10_000 });
    // The sidebar badge counts it too, without a reload.
    await expect(page.getByLabel(`${formatCount(newBefore + 1)} new`, { exact: true })).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByText('Live e2e question')).toHaveCount(0);
    await bar.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('Live e2e question')).toBeVisible(LOADED);
  } finally {
    await request.delete('/rest/v1/contact_messages?subject=eq.Live%20e2e%20question', { headers: SERVICE });
  }
});

import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../../../mocks/supabase/keys';

test('a message sent from the contact page is stored and readable by the admin', async ({
  page,
  request,
}) => {
  const email = `e2e-${Date.now()}@example.in`;
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('First Name is required')).toBeVisible();

  await page.getByLabel('First Name', { exact: true }).fill('Arjun');
  await page.getByLabel('Last Name', { exact: true }).fill('Mehta');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Subject', { exact: true }).fill('Partnership with our grocery chain');
  await page
    .getByLabel('Message', { exact: true })
    .fill('We would like to show LabelLens scores on our shelves.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you! Your message has been sent.');

  const admin = DEMO_ACCOUNTS.find((account) => account.email === 'admin@labellens.dev')!;
  const signIn = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: LOCAL_ANON_KEY },
    data: { email: admin.email, password: admin.password },
  });
  expect(signIn.status()).toBe(200);
  const { access_token: token } = await signIn.json();
  const rows = await request.get(`/rest/v1/contact_messages?email=eq.${encodeURIComponent(email)}`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
  });
  expect(rows.status()).toBe(200);
  expect(await rows.json()).toEqual([
    expect.objectContaining({
      first_name: 'Arjun',
      last_name: 'Mehta',
      email,
      subject: 'Partnership with our grocery chain',
      message: 'We would like to show LabelLens scores on our shelves.',
      status: 'new',
    }),
  ]);
});

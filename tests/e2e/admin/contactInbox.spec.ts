import { sidebarFor } from '../../../src/test/expectedScreens';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './signIn';

test.describe.configure({ timeout: 120_000 });

test('contact inbox: a message sent from the site is read in the admin, marked read, archived and set back to new', async ({
  page,
}) => {
  const email = `inbox-${Date.now()}@example.in`;
  const subject = `Question about Jain tags ${Date.now()}`;
  const body = 'Could the app flag onion and garlic for Jain families? '.repeat(4).trim();
  await page.goto('/contact');
  await page.getByLabel('First Name', { exact: true }).fill('Meera');
  await page.getByLabel('Last Name', { exact: true }).fill('Shah');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill(body);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you! Your message has been sent.');

  await page.goto('/admin/contact-messages');
  await signInAsAdmin(page);
  // The owner's menu, the inbox with its count of new messages (src/resources/index.ts's order).
  await expect(page.getByRole('menuitem')).toHaveText(sidebarFor('owner'));
  const badge = page.getByRole('menuitem', { name: /Contact Inbox/ }).getByLabel(/^\d+ new$/);
  await expect(badge).toBeVisible();
  const newBefore = Number(await badge.textContent());

  await page.getByPlaceholder('Search messages...').fill(email);
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expect(row.getByText('Meera Shah')).toBeVisible();
  await expect(row.getByText(`${body.slice(0, 150)}…`)).toBeVisible();

  await row.getByText('Meera Shah').click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByText(body)).toBeVisible();
  // Opening a new message marks it read.
  await expect(dialog.getByText('Read', { exact: true })).toBeVisible();
  // The reply quotes the message under its sender and time (exact wording: statuses.test.ts).
  const reply = await dialog.getByRole('link', { name: 'Reply' }).getAttribute('href');
  const [address, quoted] = (reply ?? '').split('&body=');
  expect(address).toBe(`mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`);
  const when = /^\r\n\r\nOn (\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST), /;
  const decoded = decodeURIComponent(quoted);
  expect(decoded).toMatch(when);
  expect(decoded.replace(when, '\r\n\r\nOn <when>, ')).toBe(
    `\r\n\r\nOn <when>, Meera Shah wrote:\r\n> ${body}`,
  );
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Read', { exact: true })).toBeVisible();
  await expect(badge).toHaveText(String(newBefore - 1));

  await row.getByText('Meera Shah').click();
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Message archived', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Archived', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as new' }).click();
  await expect(page.getByText('Message marked as new', { exact: true })).toBeVisible();
  await expect(dialog.getByText('New', { exact: true })).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expect(badge).toHaveText(String(newBefore));
});

import { expect, test } from '@playwright/test';
import { ORIGIN, onlyFiles, open, serveDemo, signIn, signOut } from './demoSite';

/**
 * The zero-install demo as shipped (tests/demo/demoSite.ts): the editor, owner and visitor,
 * the panel's one-click sign-in and a fault.
 */
serveDemo();

test('editor and owner on the demo, with the static server asked only for files', async ({ page }) => {
  test.setTimeout(120_000);
  const marker = `demo${Date.now()}`;

  // The editor: News, no Scans, a health tip that survives a reload.
  await signIn(page, 'editor@labellens.dev');
  await open(page, '/admin/news');
  await expect(page.getByRole('heading', { name: 'News' }).first()).toBeVisible();
  await open(page, '/admin/scans');
  await expect(page.getByRole('heading', { name: 'No access', level: 1 })).toBeVisible();
  await open(page, '/admin/health-tips');
  await page.getByRole('link', { name: 'Add Health Tip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Health Tip' });
  await dialog.getByLabel('Health Tip Content', { exact: true }).fill(`Tip ${marker}: read the label first.`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Health tip created successfully' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 30_000 });
  await page.getByPlaceholder('Search health tips...').fill(marker);
  await expect(page.getByRole('row').filter({ hasText: marker })).toHaveCount(1);
  await signOut(page);

  // The owner: the editor's tip in the audit log, the visitor's message in the inbox.
  await signIn(page, 'admin@labellens.dev');
  await open(page, '/admin/audit-log');
  await page.getByPlaceholder('Search by person or record id...').fill('editor@labellens.dev');
  await expect(
    page.getByRole('row').filter({ hasText: 'editor@labellens.dev' }).filter({ hasText: 'Created' }).first(),
  ).toBeVisible();

  onlyFiles();
});

test("a visitor's contact message reaches the owner's inbox", async ({ page }) => {
  const marker = `demo${Date.now()}`;
  // A visitor's contact message (after the first visit's data has reached IndexedDB: docs/demo.md).
  await open(page, '/contact');
  await page.getByLabel('First Name', { exact: true }).fill('Arjun');
  await page.getByLabel('Last Name', { exact: true }).fill('Mehta');
  await page.getByLabel('Email', { exact: true }).fill('arjun@example.in');
  await page.getByLabel('Subject', { exact: true }).fill(`Shelf scores ${marker}`);
  await page
    .getByLabel('Message', { exact: true })
    .fill('We would like to show LabelLens scores on our shelves.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you! Your message has been sent.');

  await signIn(page, 'admin@labellens.dev');
  await open(page, '/admin/contact-messages');
  await expect(page.getByText(`Shelf scores ${marker}`)).toBeVisible();
  onlyFiles();
});

test("the tester's panel signs in as any account in one click and shows the second factor's code", async ({
  page,
}) => {
  await open(page, '/admin/login');
  await expect(page.getByRole('region', { name: 'Demo' })).toContainText(
    'Demo: the data lives only in this browser.',
  );
  await page.getByRole('button', { name: "Tester's panel" }).click();
  const panel = page.getByRole('complementary', { name: "Tester's panel" });
  await expect(panel.getByText(/Authenticator code now: \d{6}/)).toBeVisible();
  await panel.getByRole('button', { name: 'Sign in as support@labellens.dev' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin/dashboard`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
  onlyFiles();
});

test("a fault from the tester's panel: REST answers 503 and the screen says so", async ({ page }) => {
  await signIn(page, 'editor@labellens.dev');
  await page.getByRole('button', { name: "Tester's panel" }).click();
  const panel = page.getByRole('complementary', { name: "Tester's panel" });
  await panel.getByLabel('REST error rate (%)').fill('100');
  await panel.getByLabel('REST error rate (%)').blur();
  await panel.getByLabel('REST error status').selectOption('503');
  // The setting survives a reload (sessionStorage) and every REST read fails.
  await open(page, '/admin/news');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: "Service Unavailable (injected by the demo's tester's panel)" })
      .first(),
  ).toBeVisible();
  // Turned off again, the same screen reads.
  await page.getByRole('button', { name: "Tester's panel" }).click();
  await panel.getByLabel('REST error rate (%)').fill('0');
  await panel.getByLabel('REST error rate (%)').blur();
  await open(page, '/admin/news');
  await expect(page.getByRole('heading', { name: 'News' }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'injected' })).toHaveCount(0);
  onlyFiles();
});

import { screenAddresses } from '../../../src/test/expectedScreens';
import { expect, test } from './signedIn';

// Each screen's tab title and main heading, the not-found page, a list in error, a stale dashboard.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };
// react-query retries a failed read 3 times with back-off (1 + 2 + 4 s) before it reports the error.
const AFTER_RETRIES = { timeout: 40_000 };

test('every screen names its tab, and every list has one main heading', async ({ page }) => {
  // Every screen of the registry (src/test/expectedScreens.ts), named as its sidebar entry says;
  // each one's main heading as the product words it (the Notifications page's heading is its tab's).
  const HEADINGS: Record<string, string | null> = {
    '/admin/dashboard': 'Dashboard Overview',
    '/admin/scans': 'Food Scans',
    '/admin/profiles': 'User Profiles',
    '/admin/users': 'Users',
    '/admin/chats': 'Chat Sessions',
    '/admin/messages': 'Messages',
    '/admin/notifications': null,
    '/admin/news': 'News Articles',
    '/admin/payments': 'Payments',
    '/admin/health-tips': 'Health Tips',
    '/admin/tags': 'Tags Management',
    '/admin/audit-log': 'Audit Log',
    '/admin/contact-messages': 'Contact Inbox',
    '/admin/trash': 'Trash',
    '/admin/team': 'Team',
    '/admin/security': 'Security',
  };
  const screens = screenAddresses().map(({ url, name }) => [url, name, HEADINGS[url] ?? null] as const);
  for (const [path, title, heading] of screens) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · LabelLens Admin`, LOADED);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveCount(1, LOADED);
    if (heading) await expect(h1).toHaveText(heading);
  }
  // A dialog's route keeps its list's title.
  await page.goto('/admin/scans');
  await page.locator('table tbody tr').first().getByRole('link', { name: 'Show' }).click(LOADED);
  await expect(page).toHaveURL(/\/admin\/scans\/[^/]+\/show$/);
  await expect(page).toHaveTitle('Scans · LabelLens Admin');
});

test('an unknown admin path says so in words, with no raw catalogue key', async ({ page }) => {
  await page.goto('/admin/no-such-screen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found', LOADED);
  await expect(page).toHaveTitle('Page not found · LabelLens Admin');
  await expect(page.locator('header')).toContainText('LabelLens AdminPage not found');
  expect(await page.locator('body').innerText()).not.toMatch(/\b(labellens|resources|ra)\.[a-z_-]+\.[a-z_]/);
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible(LOADED);
});

test('a list that could not load shows no pager', async ({ page }) => {
  await page.route('**/rest/v1/admin_scans**', (route) =>
    route.fulfill({ status: 500, json: { code: 'XX000', message: 'boom', details: null, hint: null } }),
  );
  await page.goto('/admin/scans');
  await expect(page.getByText('Could not load the list.')).toBeVisible(AFTER_RETRIES);
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText(/\d+-\d+ of /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Go to next page' })).toHaveCount(0);
});

test('the dashboard says when its figures are stale and turns its Live Data badge off', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page.getByText('Live Data')).toBeVisible(LOADED);
  const total = page.getByRole('region', { name: 'Total Scans' }).getByTestId('stat-value');
  await expect(total).toHaveText(/^[\d,]+$/, LOADED);
  const figure = await total.textContent();

  await page.route('**/rest/v1/rpc/admin_dashboard_stats', (route) =>
    route.fulfill({ status: 500, json: { code: 'XX000', message: 'boom', details: null, hint: null } }),
  );
  // The app bar's Refresh reads every figure again. A focus event would read again only figures
  // already stale, and the live dashboard's read after its channel joins may have just read them.
  await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Not live')).toBeVisible(AFTER_RETRIES);
  await expect(page.getByText('Live Data')).toHaveCount(0);
  await expect(page.getByRole('alert').getByText(/^Could not refresh/)).toHaveText(
    /^Could not refresh, showing figures from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST\.$/,
  );
  // The last good figures stay.
  await expect(total).toHaveText(figure ?? '');

  await page.unroute('**/rest/v1/rpc/admin_dashboard_stats');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Live Data')).toBeVisible(LOADED);
  await expect(page.getByText('Not live')).toHaveCount(0);
});

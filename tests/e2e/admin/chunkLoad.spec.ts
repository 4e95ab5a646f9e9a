import { expect, test } from './signedIn';

test.describe.configure({ timeout: 90_000 });

test("a screen's chunk the host no longer has (after a deploy) shows the new-version notice, not the error screen", async ({
  page,
}) => {
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
  // From now on every script of the build is gone from the host, as after a deploy that kept only
  // its own files.
  const missing: string[] = [];
  await page.route(/\/assets\/.*\.js$/, (route) => {
    missing.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  });
  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  await expect(
    page.getByText('A new version of the admin is available. Reload to use it.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(missing.length).toBeGreaterThan(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

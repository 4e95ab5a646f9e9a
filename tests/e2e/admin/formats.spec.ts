import type { APIRequestContext, Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../mocks/supabase/keys';
import { expect, test } from './signedIn';

// Dates and numbers read the same whatever the browser's locale and time zone: the admin formats
// everything through src/domain/format.ts (India Standard Time, Indian digit grouping).
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };
const SERVICE = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
const USER_ID = '00000000-0000-4000-8000-000000000002';

// 20:45 UTC on 9 March 2025 is already 02:15 on the 10th in India, and still the 9th in New York
// (the day its clocks move to daylight saving time).
const INSTANT = '2025-03-09T20:45:00Z';
const SCAN = 'Formatcheck masala oats';
const PROFILE = 'Formatcheck Meera';

/** Inserts a row as the service role (created_at chosen) unless one with that name is there already. */
async function ensureRow(request: APIRequestContext, table: string, row: Record<string, unknown>) {
  const existing = await request.get(
    `/rest/v1/${table}?select=id&name=eq.${encodeURIComponent(String(row.name))}`,
    {
      headers: SERVICE,
    },
  );
  if (((await existing.json()) as unknown[]).length > 0) return;
  const inserted = await request.post(`/rest/v1/${table}`, { headers: SERVICE, data: row });
  expect(inserted.status()).toBe(201);
}

/** The exact row count of a table (PostgREST's Content-Range). */
async function countOf(request: APIRequestContext, table: string): Promise<number> {
  const response = await request.head(`/rest/v1/${table}?select=id`, {
    headers: { ...SERVICE, Prefer: 'count=exact', Range: '0-0' },
  });
  return Number(response.headers()['content-range'].split('/')[1]);
}

// The oracle for counts is Node's Intl with the team's locale, not the app's module.
const grouped = (n: number) => new Intl.NumberFormat('en-IN').format(n);

test.beforeAll(async ({ request }) => {
  await ensureRow(request, 'scans', {
    name: SCAN,
    category: 'Breakfast',
    health_score: 72,
    user_id: USER_ID,
    created_at: INSTANT,
  });
  await ensureRow(request, 'profiles', {
    name: PROFILE,
    user_id: USER_ID,
    relationship: 'Mother',
    date_of_birth: '1980-02-10',
    last_scan_date: INSTANT,
    created_at: INSTANT,
    updated_at: INSTANT,
  });
});

async function search(page: Page, path: string, placeholder: string, text: string) {
  await page.goto(path);
  await expect(page.getByText(/^1-\d+ of [\d,]+$/)).toBeVisible(LOADED);
  await page.getByPlaceholder(placeholder).fill(text);
  await expect(page.getByText('1-1 of 1')).toBeVisible(LOADED);
  return page.locator('table tbody tr').first();
}

for (const { day, ...browser } of [
  { locale: 'en-US', timezoneId: 'America/New_York', day: 9 },
  { locale: 'en-IN', timezoneId: 'Asia/Kolkata', day: 10 },
]) {
  test.describe(`a ${browser.locale} browser in ${browser.timezoneId}`, () => {
    test.use(browser);

    test('lists and dialogs show dates in one format, on India Standard Time', async ({ page }) => {
      // The browser's own clock really is where the test says: INSTANT falls on its `day`.
      expect(await page.evaluate((iso) => new Date(iso).getDate(), INSTANT)).toBe(day);

      const scan = await search(
        page,
        '/admin/scans',
        'Search scans by name, category or owner email...',
        SCAN,
      );
      await expect(scan.getByText('10 Mar 2025', { exact: true })).toBeVisible();
      await scan.getByRole('link', { name: 'Show' }).click();
      const scanDialog = page.getByRole('dialog');
      await expect(scanDialog.getByText('10 Mar 2025, 02:15 IST')).toBeVisible(LOADED);

      const profile = await search(
        page,
        '/admin/profiles',
        'Search profiles by name, relationship or owner email...',
        PROFILE,
      );
      await expect(profile.getByText('10 Mar 2025', { exact: true })).toBeVisible();
      await profile.getByRole('link', { name: 'Show' }).click();
      const profileDialog = page.getByRole('dialog');
      // A date of birth is a calendar date: no time zone moves it.
      await expect(profileDialog.getByText('10 Feb 1980', { exact: true })).toBeVisible(LOADED);
      await expect(profileDialog.getByText('10 Mar 2025, 02:15 IST', { exact: true })).toHaveCount(3);
    });

    test("the pager's total and the dashboard's counts are grouped the same way", async ({
      page,
      request,
    }) => {
      const scans = await countOf(request, 'scans');
      const profiles = await countOf(request, 'profiles');
      await page.goto('/admin/scans');
      await expect(page.getByText(`1-25 of ${grouped(scans)}`, { exact: true })).toBeVisible(LOADED);

      await page.goto('/admin/dashboard');
      const card = (name: string) => page.getByRole('region', { name }).getByTestId('stat-value');
      await expect(card('Total Scans')).toHaveText(grouped(scans), LOADED);
      await expect(card('Profiles')).toHaveText(grouped(profiles));
      await expect(page.getByText(/^Last updated \d{2}:\d{2}:\d{2} IST$/)).toBeVisible(LOADED);
    });
  });
}

import { readFileSync } from 'node:fs';
import { imageLoaded as loaded, toast } from './pageChecks';
import { expect, test } from './signedIn';

test.describe.configure({ timeout: 120_000 });

const DEMO_USER = '00000000-0000-4000-8000-000000000002';
const label = (n: number) => readFileSync(`supabase/storage/scan-images/${DEMO_USER}/label-${n}.png`);
const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
test('news: a screenshot uploaded while creating and replaced while editing shows in the list; type and size errors under the field', async ({
  page,
}) => {
  const title = `E2E upload ${stamp()}`;
  await page.goto('/admin/news/create');
  const dialog = page.getByRole('dialog', { name: 'Create News Article' });
  const picker = dialog.locator('input[type=file]');

  // Refused before anything is sent: the reason under the field, the file not kept.
  await picker.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(dialog.getByText('fake.png: The file must be a PNG, JPEG or WebP image')).toBeVisible();
  const big = Buffer.alloc(5 * 1024 * 1024 + 1);
  label(1).copy(big);
  await picker.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(dialog.getByText('big.png: The file must be 5 MB or smaller')).toBeVisible();

  await picker.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: label(1) });
  await expect(dialog.getByText('Chosen: first.png')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Preview of the screenshot' })).toBeVisible();
  await expect(dialog.getByLabel('Screenshot URL (optional)')).toBeDisabled();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Content', { exact: true }).fill('An article with an uploaded screenshot.');
  await dialog.getByLabel('Source URL').fill('https://news.example.in/upload');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'News article created successfully');

  const row = page.getByRole('row').filter({ hasText: title });
  const thumbnail = row.locator('img');
  await expect(thumbnail).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/news-screenshots\/[0-9a-f-]{36}\.png$/,
  );
  const firstSrc = await thumbnail.getAttribute('src');
  await loaded(page, /news-screenshots\/.*\.png$/);

  await row.getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit News Article' });
  await expect(edit.getByLabel('Screenshot URL (optional)')).toHaveValue(firstSrc ?? '');
  await edit
    .locator('input[type=file]')
    .setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: label(2) });
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'News article updated successfully');
  await expect(thumbnail).not.toHaveAttribute('src', firstSrc ?? '');
  await expect(thumbnail).toHaveAttribute('src', /news-screenshots\/[0-9a-f-]{36}\.png$/);
  // The replaced object is gone (Storage answers every client error 400; its code says which).
  const old = await page.request.get(firstSrc ?? '');
  expect(old.status()).toBe(400);
  expect(await old.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
});

test("a scan's private label photo shows in its details and the list through signed URLs", async ({
  page,
}) => {
  await page.goto(`/admin/scans?filter=${encodeURIComponent(JSON.stringify({ user_id: DEMO_USER }))}`);
  await expect(page.getByText('1-12 of 12')).toBeVisible();
  await loaded(page, /\/storage\/v1\/object\/sign\/scan-images\/.*label-\d\.png\?token=/);
  const withPhoto = page
    .getByRole('row')
    .filter({ has: page.locator('img[src*="/object/sign/scan-images/"]') });
  await expect(withPhoto).toHaveCount(6);
  await withPhoto.first().getByRole('link', { name: 'Show' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByRole('img', { name: /^Photo of / })).toHaveAttribute(
    'src',
    /\/object\/sign\/scan-images\//,
  );
  // The private object has no public URL.
  const response = await page.request.get(`/storage/v1/object/public/scan-images/${DEMO_USER}/label-1.png`);
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
});

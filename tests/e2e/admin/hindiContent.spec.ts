import { expect, test } from './signedIn';

/**
 * A health tip written in English and Hindi side by side: found by a Hindi word in the list and in
 * the palette, absent from "Missing translation: Hindi" (where an English-only tip is), and its
 * Hindi text restored from History on its own.
 */
test.describe.configure({ timeout: 180_000 });

test('a tip in English and Hindi: found by a Hindi word in the list and the palette, filtered', async ({ page }) => {
  const marker = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  // A Hindi word no other row has: the marker's digits spelt in Devanagari.
  const word = `अंकुरित${[...marker.slice(3)].map((d) => String.fromCharCode(0x966 + Number(d))).join('')}`;
  const english = `Sprouted moong ${marker}: a protein-rich breakfast.`;
  const hindi = `${word} मूंग: प्रोटीन से भरपूर नाश्ता।`;

  await page.goto('/admin/health-tips');
  await page.getByRole('link', { name: 'Add Health Tip' }).click();
  const create = page.getByRole('dialog', { name: 'Add Health Tip' });
  await create.getByLabel('Health Tip Content', { exact: true }).fill(english);
  await create.getByLabel('Health Tip Content in Hindi').fill(hindi);
  await expect(
    create.getByText(
      `${[...new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(hindi)].length} / 1000 characters`,
    ),
  ).toBeVisible();
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();

  // The list finds it by the Hindi word, and shows both languages.
  await page.getByPlaceholder('Search health tips...').fill(word);
  const row = page.getByRole('row').filter({ hasText: marker });
  await expect(row).toHaveCount(1);
  await expect(row.getByLabel('Has Hindi')).toBeVisible();

  // So does the palette, which shows the tip by the Hindi text it found.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search and commands' });
  await palette.getByRole('combobox', { name: 'Search and commands' }).fill(word);
  await expect(palette.getByRole('option', { name: new RegExp(word) })).toBeVisible();
  await expect(palette.getByRole('option', { name: new RegExp(marker) })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Missing Hindi: not this tip; an English-only seeded one is there.
  await page.goto('/admin/health-tips?filter=%7B%22missing%22%3A%22hi%22%7D');
  await expect(page.getByRole('row').filter({ hasText: 'Whole wheat atta' })).toHaveCount(1);
  await page.getByPlaceholder('Search health tips...').fill(marker);
  // The search has run (the seeded tip is gone) and found nothing: this tip has Hindi.
  await expect(page.getByRole('row').filter({ hasText: 'Whole wheat atta' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: marker })).toHaveCount(0);
});

test('the Hindi text of a tip restored from History, its English kept as it is now', async ({ page }) => {
  const marker = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const english = `Soak moong overnight ${marker}.`;
  const hindi = 'नरम दाल के लिए मूंग रात भर भिगोएँ।';
  const [englishNow, hindiNow] = [`Sprout moong for two days ${marker}.`, 'पकाने से पहले मूंग दो दिन अंकुरित करें।'];

  await page.goto('/admin/health-tips');
  await page.getByRole('link', { name: 'Add Health Tip' }).click();
  const create = page.getByRole('dialog', { name: 'Add Health Tip' });
  await create.getByLabel('Health Tip Content', { exact: true }).fill(english);
  await create.getByLabel('Health Tip Content in Hindi').fill(hindi);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await page.getByPlaceholder('Search health tips...').fill(marker);
  const row = page.getByRole('row').filter({ hasText: marker });
  await expect(row).toHaveCount(1);

  // Both languages changed and saved.
  await row.getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Health Tip' });
  await edit.getByLabel('Health Tip Content', { exact: true }).fill(englishNow);
  await edit.getByLabel('Health Tip Content in Hindi').fill(hindiNow);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // The first version compared with now, each language its own row; only the Hindi restored.
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(edit.getByLabel('Health Tip Content in Hindi')).toHaveValue(hindiNow);
  await edit.getByRole('tab', { name: 'History' }).click();
  const history = edit.getByRole('list', { name: 'History' });
  await history.getByRole('button', { name: 'Compare with now' }).last().click();
  const comparison = edit.getByRole('region', { name: 'This version compared with now' });
  await expect(comparison.getByRole('row', { name: /^tip \(hi\)/ })).toBeVisible();
  await expect(comparison.getByRole('row', { name: /^tip (?!\()/ })).toBeVisible();
  await comparison.getByRole('button', { name: 'Restore the Hindi text' }).click();
  await page
    .getByRole('dialog', { name: 'Restore the Hindi text of this version?' })
    .getByRole('button', { name: 'Restore the Hindi text' })
    .click();
  await expect(edit.getByLabel('Health Tip Content in Hindi')).toHaveValue(hindi);
  await expect(edit.getByLabel('Health Tip Content', { exact: true })).toHaveValue(englishNow);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LOADED, SECOND, SERVICE, secondAdmin, signedIn } from './operators';
import { ADMIN } from './signIn';

interface Delivery {
  token: string;
  title: string;
  body: string;
  result: { ok: boolean };
}

// Two operators, a count, an approval and the worker's 10 s rounds: more than the default 30 s.
test.describe.configure({ timeout: 300_000 });

/** Owners' "Sending rules": a send to more people than `threshold` waits for a second owner. */
async function setThreshold(page: Page, threshold: number) {
  await page.goto('/admin/notifications?tab=sends');
  const rules = page.getByRole('region', { name: 'Sending rules' });
  await expect(rules.getByLabel('Needs a second owner above (people)')).not.toHaveValue('', LOADED);
  await rules.getByLabel('Needs a second owner above (people)').fill(String(threshold));
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Sending rules saved')).toBeVisible();
}

test('an owner sends to "peanut allergy, Hindi"; a second owner approves; each matching device gets the Hindi push, counted live', async ({
  browser,
  request,
}) => {
  const run = `${Date.now()}`;
  const text = {
    titleEn: `Recall ${run}`,
    bodyEn: 'A peanut snack batch is recalled. Check your pantry.',
    titleHi: `वापसी ${run}`,
    bodyHi: 'मूंगफली वाले नाश्ते का एक बैच वापस लिया गया है। अपनी रसोई देखें।',
  };
  await secondAdmin(request);
  // Two contexts, each signed in as itself (the signedIn fixture's stored session would make both admin).
  const page = await signedIn(browser, ADMIN);
  // The seed's audience is three people: lower the threshold so it needs approval.
  await setThreshold(page, 1);

  await page.goto('/admin/notifications?tab=audience');
  const who = page.getByRole('region', { name: 'Who gets it' });
  await who.getByRole('combobox', { name: 'Allergies (any of)' }).fill('Peanuts');
  await page.getByRole('option', { name: 'Peanuts', exact: true }).click();
  await who.getByRole('checkbox', { name: 'Hindi' }).check();
  // Seed: devices of users 7, 19 and 31 are in Hindi and their Self profiles list Peanuts.
  await expect(page.getByTestId('audience-count')).toHaveText('3 people on 3 devices', LOADED);
  await expect(who.getByRole('region', { name: 'A few of them' }).getByRole('listitem')).toHaveCount(3);

  const name = `Peanut allergy, Hindi ${run}`;
  await who.getByRole('textbox', { name: 'Name this audience' }).fill(name);
  await who.getByRole('button', { name: 'Save audience' }).click();
  await expect(page.getByText(`Saved as "${name}"`)).toBeVisible();

  const what = page.getByRole('form', { name: 'What they read' });
  await what.getByRole('textbox', { name: 'Title (English)' }).fill(text.titleEn);
  await what.getByRole('textbox', { name: 'Message (English)' }).fill(text.bodyEn);
  await what.getByRole('textbox', { name: 'Title (Hindi, optional)' }).fill(text.titleHi);
  await what.getByRole('textbox', { name: 'Message (Hindi, optional)' }).fill(text.bodyHi);
  await expect(page.getByTestId('preview-en')).toContainText(text.titleEn);
  await expect(page.getByTestId('preview-hi')).toContainText(text.titleHi);
  // Urgent, so quiet hours (22:00-08:00 IST) do not hold it whenever the test runs.
  await what.getByRole('checkbox', { name: /^Urgent/ }).check();
  await what.getByRole('button', { name: 'Send to audience' }).click();
  await expect(
    page.getByText('Your send needs a second owner to approve it: it waits in Audience sends.'),
  ).toBeVisible();

  const mine = page.getByRole('article', { name: text.titleEn });
  await expect(mine).toContainText('waiting for approval', LOADED);
  await expect(mine).toContainText(`Any other owner may approve:`);
  await expect(mine).toContainText(SECOND.email);
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const theirs = await signedIn(browser, SECOND);
  await theirs.goto('/admin/notifications?tab=sends');
  await theirs.getByRole('article', { name: text.titleEn }).getByRole('button', { name: 'Approve' }).click();
  await expect(theirs.getByText('Approved: the send starts at its time.')).toBeVisible();

  // The owner's page was not reloaded: Realtime brings the approval and the counters.
  await expect(mine).toContainText(`Approved by ${SECOND.email}`, LOADED);
  await expect(mine).toContainText('Queued 3 · sent 3 · failed 0 · tokens removed 0', { timeout: 90_000 });
  await expect(mine).toContainText('done');

  const sandbox = await request.get('/functions/v1/push-sandbox', { headers: SERVICE });
  const { delivered } = (await sandbox.json()) as { delivered: Delivery[] };
  const ours = delivered.filter((push) => push.title === text.titleHi || push.title === text.titleEn);
  expect(
    ours.map((push) => [push.token.split('-').slice(0, 4).join('-'), push.title, push.body]).sort(),
  ).toEqual([
    ['demo-fcm-token-19', text.titleHi, text.bodyHi],
    ['demo-fcm-token-31', text.titleHi, text.bodyHi],
    ['demo-fcm-token-7', text.titleHi, text.bodyHi],
  ]);

  await setThreshold(page, 1000);
  await theirs.context().close();
  await page.context().close();
});

/** axe's serious and critical WCAG 2.1 AA findings on the page as it is (as axe.spec.ts runs it). */
async function seriousFindings(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0, LOADED);
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.any[0]?.message ?? ''}`);
}

for (const width of [390, 1366]) {
  test(`the Audience and Audience sends tabs have no serious axe finding at ${width} px`, async ({
    browser,
  }) => {
    const page = await signedIn(browser, ADMIN);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/notifications?tab=audience');
    await expect(page.getByTestId('audience-count')).toBeVisible(LOADED);
    expect(await seriousFindings(page), `Audience at ${width} px`).toEqual([]);
    await page.goto('/admin/notifications?tab=sends');
    await expect(page.getByRole('region', { name: 'Sending rules' })).toBeVisible(LOADED);
    expect(await seriousFindings(page), `Audience sends at ${width} px`).toEqual([]);
    await page.context().close();
  });
}

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOADED, SERVICE } from './operators';

/**
 * The admin in Hindi: an operator chooses Hindi in the user menu, signs out, signs in in another
 * browser (nothing of the first one kept) and finds the admin in Hindi there, at a phone's width and
 * a laptop's, with no English left on the dashboard, a list, an edit dialog, the trash and the Team
 * screen, and axe clean. The operator is this file's own: the choice stays with their account.
 */
test.describe.configure({ timeout: 300_000 });

const OPERATOR = { email: `hindi-owner-${Date.now()}@labellens.dev`, password: 'Hindi-owner-1' };
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/**
 * Latin words the Hindi admin keeps: the product's name, the time zone's code, names of platforms
 * and formats, and each language's own name in the language menu.
 */
const KEPT = new Set([
  'LabelLens',
  'IST',
  'Android',
  'iOS',
  'PNG',
  'JPEG',
  'WebP',
  'MB',
  'URL',
  'Ctrl',
  'B',
  'K',
  'English',
]);

/** An owner of this file, made through GoTrue's admin API and an admin_users row (both as the service role). */
async function createOperator(request: APIRequestContext) {
  const created = await request.post('/auth/v1/admin/users', {
    headers: SERVICE,
    data: { ...OPERATOR, email_confirm: true },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const row = await request.post('/rest/v1/admin_users', {
    headers: SERVICE,
    data: { user_id: id, role: 'owner' },
  });
  expect(row.status()).toBe(201);
}

/**
 * The records' own texts these screens show, read as the service role (each screen's columns): a
 * Latin word on screen is fine when it is one of them or a whole-word part of one (a tag's key, an
 * email, a deleted item's name, a scan's name).
 */
const SHOWN_COLUMNS: Record<string, string> = {
  tags: 'label,key,icon,color',
  scans: 'name,category',
  audit_log: 'actor_email,record_label',
  trash: 'label,deleted_by_email',
};

async function recordTexts(request: APIRequestContext): Promise<string[]> {
  const texts: string[] = [];
  for (const [table, columns] of Object.entries(SHOWN_COLUMNS)) {
    const answer = await request.get(`/rest/v1/${table}?select=${columns}`, { headers: SERVICE });
    expect(answer.ok(), table).toBe(true);
    for (const row of (await answer.json()) as Record<string, unknown>[])
      texts.push(...Object.values(row).filter((value): value is string => typeof value === 'string'));
  }
  const { users } = (await (
    await request.get('/auth/v1/admin/users?per_page=1000', { headers: SERVICE })
  ).json()) as {
    users: { email: string }[];
  };
  return [...texts, ...users.map((user) => user.email)];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether `run` is a record's text or a whole-word part of one. */
const inRecords = (records: string[], run: string) => {
  const pattern = new RegExp(`(^|[^\\w])${escape(run)}($|[^\\w])`);
  return records.some((record) => record === run || pattern.test(record));
};

/** Signs in through the login page (English in a browser that never showed the admin) and waits for the dashboard. */
async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill(OPERATOR.email);
  await page.getByLabel(/password/i).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/, LOADED);
}

/** The visible text of the page, node by node (an element's own text, not its children's). */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      texts.push(text);
    }
    return texts;
  });

/** Runs of Latin words on screen that are neither kept words nor part of a record's own text. */
async function englishOnScreen(page: Page, records: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await visibleTexts(page))
    for (const run of text.match(/[A-Za-z][\w@.\-:/#']*(?:[ ,]+[A-Za-z0-9][\w@.\-:/#']*)*/g) ?? []) {
      const words = run.match(/[A-Za-z]+/g) ?? [];
      if (words.every((word) => KEPT.has(word))) continue;
      if (inRecords(records, run)) continue;
      found.add(run);
    }
  return [...found];
}

/** Waits for the screen's data and its transitions, then checks for English and for axe's serious findings. */
async function expectHindi(page: Page, records: string[], screen: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0, LOADED);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  expect(await page.evaluate(() => document.documentElement.lang), screen).toBe('hi');
  expect(await englishOnScreen(page, records), `English on ${screen}`).toEqual([]);
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.any[0]?.message ?? ''}`),
    `axe on ${screen}`,
  ).toEqual([]);
  // The longer Hindi strings still fit the width: nothing scrolls sideways, on a phone from 360 to 414 px.
  const { width, height } = page.viewportSize()!;
  for (const fits of width < 600 ? [360, 414, width] : [width]) {
    await page.setViewportSize({ width: fits, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${screen} at ${fits} px`,
      })
      .toBe(fits);
  }
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  });
  return context.newPage();
}

test('an operator who chose Hindi finds the admin in Hindi after signing in on another browser, at 390 and 1366 px, with no English left and axe clean', async ({
  browser,
  request,
}) => {
  await createOperator(request);

  // First browser: the operator chooses हिन्दी in the user menu, then signs out.
  const first = await newPage(browser, WIDTHS[1]);
  await signIn(first);
  await expect(first.getByRole('heading', { name: 'Dashboard Overview', level: 1 })).toBeVisible(LOADED);
  await first.getByRole('button', { name: OPERATOR.email }).click();
  await expect(first.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await first.getByRole('menuitemradio', { name: 'हिन्दी' }).click();
  await expect(first.getByRole('heading', { name: 'डैशबोर्ड: एक नज़र में', level: 1 })).toBeVisible(LOADED);
  await expect(first.locator('html')).toHaveAttribute('lang', 'hi');
  // Saved to the account before signing out.
  await expect
    .poll(async () => {
      const users = (await (
        await request.get('/auth/v1/admin/users?per_page=1000', { headers: SERVICE })
      ).json()) as {
        users: { email: string; user_metadata: { locale?: string } }[];
      };
      return users.users.find((u) => u.email === OPERATOR.email)?.user_metadata.locale;
    })
    .toBe('hi');
  await first.getByRole('button', { name: OPERATOR.email }).click();
  await first.getByRole('menuitem', { name: 'लॉग आउट' }).click();
  await expect(first).toHaveURL(/\/admin\/login/, LOADED);
  // This browser remembers the language it showed: its sign-in page is Hindi too, reloaded or not.
  await expect(first.getByRole('button', { name: 'साइन इन करें' })).toBeVisible();
  await first.reload();
  await expect(first.getByRole('heading', { name: 'एडमिन पैनल' })).toBeVisible(LOADED);
  await expect(first.locator('html')).toHaveAttribute('lang', 'hi');
  await first.context().close();

  // A deleted tag, so the trash has a row to show.
  const tag = await request.post('/rest/v1/tags', {
    headers: { ...SERVICE, Prefer: 'return=representation' },
    data: {
      key: `hindi-${Date.now()}`,
      label: 'Hindi e2e',
      icon: 'leaf',
      color: '#22c55e',
      category: 'general',
    },
  });
  expect(tag.status()).toBe(201);
  const [{ id: tagId }] = (await tag.json()) as { id: number }[];
  expect((await request.delete(`/rest/v1/tags?id=eq.${tagId}`, { headers: SERVICE })).status()).toBe(204);
  const records = await recordTexts(request);
  const { id: editedTag } = (
    (await (await request.get('/rest/v1/tags?select=id&order=id&limit=1', { headers: SERVICE })).json()) as {
      id: number;
    }[]
  )[0];

  // Other browsers, nothing kept from the first: signed in, the admin is Hindi at once.
  for (const viewport of WIDTHS) {
    const page = await newPage(browser, viewport);
    const at = `${viewport.width} px`;
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'डैशबोर्ड: एक नज़र में', level: 1 })).toBeVisible(LOADED);
    await expectHindi(page, records, `the dashboard at ${at}`);

    await page.goto('/admin/tags');
    await expect(page.getByRole('heading', { name: 'टैग प्रबंधन', level: 1 })).toBeVisible(LOADED);
    await expectHindi(page, records, `the tags list at ${at}`);

    await page.goto(`/admin/tags/${editedTag}`);
    await expect(page.getByRole('dialog', { name: 'टैग बदलें' })).toBeVisible(LOADED);
    await expectHindi(page, records, `a tag's edit dialog at ${at}`);

    await page.goto('/admin/trash');
    await expect(page.getByRole('heading', { name: 'ट्रैश', level: 1 })).toBeVisible(LOADED);
    await expect(page.getByText('Hindi e2e')).toBeVisible(LOADED);
    await expectHindi(page, records, `the trash at ${at}`);

    await page.goto('/admin/team');
    await expect(page.getByRole('heading', { name: 'टीम', level: 1 })).toBeVisible(LOADED);
    await expect(page.getByText(OPERATOR.email).first()).toBeVisible(LOADED);
    await expectHindi(page, records, `the Team screen at ${at}`);
    await page.context().close();
  }
});

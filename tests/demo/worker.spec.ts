import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import { FAULTS_KEY } from '../../demo/faults';
import { staticServer } from './staticServer';

/**
 * Two tabs of one browser on the demo (one IndexedDB): both run on the one PGlite that the leader
 * tab's worker opened (demo/pgliteWorker.ts), so a save in one tab reaches the other's Realtime and
 * the admin's edit conflict shows as between two operators. Its own port (DEMO_WORKER_PORT), so it
 * can run beside demo.spec.ts.
 */
const FOLDER = '/labellens';
const { server, requests } = staticServer(path.resolve('dist-demo'), FOLDER);
const PORT = Number(process.env.DEMO_WORKER_PORT ?? 5437);
const ORIGIN = `http://127.0.0.1:${PORT}${FOLDER}`;
const LOADED = { timeout: 20_000 };

test.beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function open(page: Page, address: string) {
  await page.goto(`${ORIGIN}${address}`);
  await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 30_000 });
}

const owner = DEMO_ACCOUNTS.find((a) => a.email === 'admin@labellens.dev')!;

async function signInAsOwner(page: Page) {
  await open(page, '/admin/login');
  await page.getByLabel(/email/i).fill(owner.email);
  await page.getByLabel(/password/i).fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin/dashboard`, LOADED);
}

test('two tabs edit the same tag: the second sees the first one’s save and is asked before writing over it', async ({
  context,
}) => {
  test.setTimeout(150_000);
  const first = await context.newPage();
  await signInAsOwner(first);

  // One tag, opened in both tabs (the second tab shares the first's session and database).
  await open(first, '/admin/tags');
  await first.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).click();
  await expect(first).toHaveURL(new RegExp(`${ORIGIN}/admin/tags/[0-9a-f-]+$`), LOADED);
  const tagUrl = first.url();
  // A plain static host has no page for a record's address: the second tab opens it from the list.
  const second = await context.newPage();
  await open(second, '/admin/tags');
  await second.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).click();
  await expect(second).toHaveURL(tagUrl, LOADED);
  const label = (page: Page) => page.getByRole('dialog').getByLabel('Label', { exact: true });
  const original = await label(first).inputValue();
  await expect(label(second)).toHaveValue(original, LOADED);

  await label(second).fill(`${original} (second tab)`);
  await label(first).fill(`${original} (first tab)`);
  await first.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(first.getByRole('dialog')).toHaveCount(0, LOADED);

  // The first tab's save reached the second through Realtime: the banner, before any save there.
  await expect(second.getByText(new RegExp(`^${owner.email} saved a newer version at `))).toBeVisible(LOADED);
  await second.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const asked = second.getByRole('dialog', { name: 'Save over a newer version?' });
  await expect(asked).toContainText(`${owner.email} saved this record at`, LOADED);
  await asked.getByRole('button', { name: 'Save mine' }).click();
  await expect(second.getByRole('dialog')).toHaveCount(0, LOADED);
  // The second tab's save reached the first tab's list through Realtime: its row shows that label.
  const row = (page: Page, text: string) =>
    page.getByRole('row').filter({ hasText: `${original} (${text})` });
  await expect(row(first, 'second tab')).toHaveCount(1, LOADED);
  await expect(row(first, 'first tab')).toHaveCount(0);
  // And it is stored: reloaded, the first tab shows it too (its worker, started first, led: the
  // second tab's worker opens the data directory from IndexedDB anew).
  await open(first, '/admin/tags');
  await expect(row(first, 'second tab')).toHaveCount(1, LOADED);

  // Only files reached the static server.
  expect(requests.filter((p) => !p.startsWith(`${FOLDER}/`))).toEqual([]);
  expect(requests.filter((p) => /\/(rest|auth|storage|functions|realtime)\/v1\//.test(p))).toEqual([]);
});

test("an email sent in one tab shows in the other tab's Mailbox (localStorage: demo/sandboxStores.ts)", async ({
  context,
}) => {
  test.setTimeout(120_000);
  const first = await context.newPage();
  await open(first, '/admin/forgot-password');
  const second = await context.newPage();
  await open(second, '/admin/login');
  await first.getByLabel('Email').fill('support@labellens.dev');
  await first.getByRole('button', { name: 'Send the link' }).click();
  await expect(first.getByRole('status')).toContainText(
    'a link to choose a new password is on its way',
    LOADED,
  );

  await second.getByRole('button', { name: "Tester's panel" }).click();
  const panel = second.getByRole('complementary', { name: "Tester's panel" });
  await panel.getByRole('tab', { name: 'Mailbox' }).click();
  const mail = panel.getByRole('listitem').filter({ hasText: 'To support@labellens.dev' });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByText('Reset your LabelLens Admin password', { exact: true })).toBeVisible();
  await expect(mail.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
    'href',
    new RegExp(`^${ORIGIN}/admin/set-password\\?token_hash=[0-9a-f]{56}&type=recovery$`),
  );
});

test('requests under way when the leader tab closes: a read is asked again of the new leader, a write answered 503', async ({
  context,
}) => {
  test.setTimeout(150_000);
  const leader = await context.newPage();
  await open(leader, '/admin/login');
  const other = await context.newPage();
  await open(other, '/admin/login');
  // Slow REST answers in the other tab only (faults are per tab: demo/faults.ts), so its two requests
  // are under way when the leader tab closes.
  await other.evaluate(
    ([key]) => sessionStorage.setItem(key, JSON.stringify({ rest: { latencyMs: 8_000 } })),
    [FAULTS_KEY],
  );
  const started = Promise.all([
    other.waitForRequest(/\/rest\/v1\/rpc\/grapheme_count/),
    other.waitForRequest(/\/rest\/v1\/contact_messages/),
  ]);
  const answers = other.evaluate(async (anon) => {
    const headers = { apikey: anon, Authorization: `Bearer ${anon}`, 'Content-Type': 'application/json' };
    const api = `${location.origin}/rest/v1`;
    const answer = async (response: Response) => ({ status: response.status, body: await response.text() });
    return Promise.all([
      fetch(`${api}/rpc/grapheme_count?value=abc`, { headers }).then(answer),
      fetch(`${api}/contact_messages`, {
        method: 'POST',
        headers: { ...headers, Prefer: 'return=minimal' },
        body: JSON.stringify({
          first_name: 'Asha',
          last_name: 'Rao',
          email: 'asha@example.in',
          subject: 'Leader change',
          message: 'Sent as the other tab closed.',
        }),
      }).then(answer),
    ]);
  }, LOCAL_ANON_KEY);
  await started;
  await other.waitForTimeout(1_000); // MSW's handler has them (8 s of latency to go)
  await leader.close();

  const [read, write] = await answers;
  expect(read).toEqual({ status: 200, body: '3' });
  expect({ status: write.status, body: JSON.parse(write.body) as unknown }).toEqual({
    status: 503,
    body: {
      code: '08006',
      message: "The demo's database moved to another tab while this request ran",
      details: 'The tab holding the database closed during this write: it may or may not have been stored.',
      hint: 'Reload the page to see what was stored before trying again.',
    },
  });
  expect(requests.filter((p) => /\/(rest|auth|storage|functions|realtime)\/v1\//.test(p))).toEqual([]);
});

test("a read waiting on the leader's busy database when the leader tab closes is answered by the new leader", async ({
  context,
}) => {
  test.setTimeout(180_000);
  const leader = await context.newPage();
  await signInAsOwner(leader);
  const other = await context.newPage();
  await open(other, '/admin/login');

  // The leader's PGlite busy with a batch of 2,000 scans (one transaction, seconds long): the other
  // tab's read waits for PGlite's transaction lock at the leader when the leader closes. Without
  // demo/leaderChange.ts it was answered 500 (LeaderChangedError) in three runs of three, within 1.1 s.
  await leader.getByRole('button', { name: "Tester's panel" }).click();
  const panel = leader.getByRole('complementary', { name: "Tester's panel" });
  await panel.getByRole('button', { name: 'Load 10,000 scans' }).click();
  await expect(panel.getByRole('status', { name: 'Scans loaded' })).toContainText('Loading scans: 2,000 of', {
    timeout: 90_000,
  });
  const read = other.evaluate(async (anon) => {
    const headers = { apikey: anon, Authorization: `Bearer ${anon}` };
    const response = await fetch(`${location.origin}/rest/v1/rpc/grapheme_count?value=abc`, { headers });
    return { status: response.status, body: await response.text() };
  }, LOCAL_ANON_KEY);
  await other.waitForTimeout(300); // its request has reached the leader's lock
  await leader.close();
  expect(await read).toEqual({ status: 200, body: '3' });
});

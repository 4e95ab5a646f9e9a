import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { LOADED, SECOND, SERVICE, secondAdmin, signedIn } from './operators';
import { ADMIN } from './signIn';

// Two operators save the same tag at the same moment with Realtime unreachable in both browsers
// (every socket to /realtime/v1/websocket is closed as it opens): no event can warn either dialog,
// so only the database decides. Exactly one save wins; the other dialog shows the conflict banner
// and asks before writing over it (src/providers/versionedUpdates.ts). Save mine then writes.
test.describe.configure({ timeout: 150_000 });

/** Sockets to Realtime the browsers tried to open, each closed at once. */
let blocked = 0;
/** Realtime down in this browser: each WebSocket to it is closed as it opens (the admin keeps retrying). */
const withoutRealtime = async (context: BrowserContext) => {
  await context.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    blocked += 1;
    socket.close();
  });
};

test('two operators save the same tag at once with the socket blocked: one wins, the other is asked', async ({
  browser,
  request,
}) => {
  await secondAdmin(request);
  const key = `e2e-versioned-${Date.now()}`;
  const inserted = await request.post('/rest/v1/tags', {
    headers: { ...SERVICE, Prefer: 'return=representation' },
    data: { key, label: 'Versioned original', icon: 'leaf', color: '#123456', category: 'general' },
  });
  expect(inserted.status()).toBe(201);
  const [tag] = (await inserted.json()) as { id: string }[];
  const pages: Page[] = [];
  try {
    for (const account of [ADMIN, SECOND]) {
      const page = await signedIn(browser, account, withoutRealtime);
      pages.push(page);
    }
    for (const [page, label] of pages.map((p, i) => [p, `Label by ${i ? 'second' : 'admin'}`] as const)) {
      await page.goto(`/admin/tags/${tag.id}`);
      const field = page.getByRole('dialog').getByLabel('Label', { exact: true });
      await expect(field).toHaveValue('Versioned original', LOADED);
      await field.fill(label);
    }

    // Both Saves at the same moment.
    await Promise.all(
      pages.map((page) => page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()),
    );

    const asked = (page: Page) => page.getByRole('dialog', { name: 'Save over a newer version?' });
    await expect
      .poll(async () => Promise.all(pages.map(async (page) => (await asked(page).count()) === 1)), LOADED)
      .toContainEqual(true);
    const loser = (await asked(pages[0]).count()) === 1 ? 0 : 1;
    const winner = 1 - loser;
    // The winner's dialog closed on its save; the loser's stays with its text and asks.
    await expect(pages[winner].getByRole('dialog')).toHaveCount(0, LOADED);
    await expect(asked(pages[winner])).toHaveCount(0);
    const winnerLabel = `Label by ${winner ? 'second' : 'admin'}`;
    const loserLabel = `Label by ${loser ? 'second' : 'admin'}`;
    const winnerEmail = winner ? SECOND.email : ADMIN.email;
    const read = async () =>
      (await (
        await request.get(`/rest/v1/tags?id=eq.${tag.id}&select=label`, { headers: SERVICE })
      ).json()) as {
        label: string;
      }[];
    expect(await read()).toEqual([{ label: winnerLabel }]);
    // Behind the question (hidden from the accessibility tree while it is open): the loser's text and
    // the conflict banner.
    await expect(pages[loser].getByLabel('Label', { exact: true })).toHaveValue(loserLabel);
    await expect(pages[loser].getByText(new RegExp(`^${winnerEmail} saved a newer version at `))).toBeVisible(
      LOADED,
    );
    await expect(asked(pages[loser])).toContainText(`${winnerEmail} saved this record at`, LOADED);
    // The admin did try Realtime, and every socket was closed: the question came from the refused save.
    expect(blocked).toBeGreaterThan(0);

    await asked(pages[loser]).getByRole('button', { name: 'Save mine' }).click();
    await expect(pages[loser].getByRole('dialog')).toHaveCount(0, LOADED);
    expect(await read()).toEqual([{ label: loserLabel }]);
  } finally {
    await request.delete(`/rest/v1/tags?id=eq.${tag.id}`, { headers: SERVICE });
    for (const page of pages) await page.context().close();
  }
});

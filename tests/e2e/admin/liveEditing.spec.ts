import { expect, test, type Browser } from '@playwright/test';
import { createRequire } from 'node:module';
import { DEMO_ACCOUNTS } from '../../../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../../../mocks/supabase/keys';
import { LOADED, SECOND, SERVICE, secondAdmin, signedIn } from './operators';
import { ADMIN } from './signIn';

// Two operators with the same news article open in Chromium: each sees the other (presence), and
// when one saves, the other's dialog says who saved a newer version and asks before saving over it.
// A signed-in app user (supabase-js in a third browser context) who joins the same topic sees
// nothing of it: the edit dialogs' presence is on a private channel only operators may join.
test.describe.configure({ timeout: 150_000 });
const APP_USER = DEMO_ACCOUNTS[1];
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
/** The seed's editor, whom the app user tries to show as having the article open. */
const EDITOR_ID = '00000000-0000-4000-8000-000000000005';
const SUPABASE_UMD = createRequire(import.meta.url).resolve('@supabase/supabase-js/dist/umd/supabase.js');

interface Watch {
  privateStatus?: string;
  privateError?: string;
  publicKeys?: string[];
}

/**
 * An app user's browser joining the dialog's topic with supabase-js: the private channel (as the
 * dialog does) and the public channel of the same name, where it tracks an operator who is not there. Returns
 * the page and a reader of what it got; every WebSocket frame it received is kept too.
 */
async function appUserWatching(browser: Browser, baseURL: string, topic: string) {
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
  // A light page of the server's own origin (a page of no address, such as about:blank, may not
  // open a socket to loopback: Chromium's local network access checks); its CSP is bypassed so
  // the test can add supabase-js to it.
  await page.goto('/robots.txt');
  await page.addScriptTag({ path: SUPABASE_UMD });
  await page.evaluate(
    async ({ url, key, topic, email, password, fakeId }) => {
      type Channel = {
        on(type: string, filter: object, cb: () => void): Channel;
        subscribe(cb: (status: string, error?: Error) => void): Channel;
        presenceState(): Record<string, unknown>;
        track(payload: object): Promise<string>;
      };
      type Client = {
        auth: { signInWithPassword(c: { email: string; password: string }): Promise<unknown> };
        channel(name: string, opts: object): Channel;
      };
      const lib = (
        window as unknown as { supabase: { createClient(u: string, k: string, o: object): Client } }
      ).supabase;
      const watch: Watch = {};
      (window as unknown as { watch: Watch }).watch = watch;
      const signedIn = () => {
        const client = lib.createClient(url, key, { auth: { persistSession: false } });
        return client.auth.signInWithPassword({ email, password }).then(() => client);
      };
      const [privateClient, publicClient] = [await signedIn(), await signedIn()];
      privateClient
        .channel(topic, { config: { private: true, presence: { key: 'app-user' } } })
        .on('presence', { event: 'sync' }, () => undefined)
        .subscribe((status, error) => {
          watch.privateStatus = status;
          watch.privateError = error?.message;
        });
      const open = publicClient.channel(topic, { config: { presence: { key: 'app-user' } } });
      open
        .on('presence', { event: 'sync' }, () => (watch.publicKeys = Object.keys(open.presenceState())))
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') void open.track({ user_id: fakeId });
        });
    },
    {
      url: baseURL,
      key: LOCAL_ANON_KEY,
      topic,
      email: APP_USER.email,
      password: APP_USER.password,
      fakeId: EDITOR_ID,
    },
  );
  return { page, frames, watch: () => page.evaluate(() => (window as unknown as { watch: Watch }).watch) };
}

test('presence and the stale-edit warning between two operators', async ({ browser, request, baseURL }) => {
  await secondAdmin(request);
  const inserted = await request.post('/rest/v1/news', {
    headers: { ...SERVICE, Prefer: 'return=representation' },
    data: { title: 'Two operators', content: 'Body', source_url: 'https://example.com/two' },
  });
  const [article] = (await inserted.json()) as { id: string }[];
  const mine = await signedIn(browser, ADMIN);
  const theirs = await signedIn(browser, SECOND);
  try {
    for (const page of [mine, theirs]) {
      await page.goto(`/admin/news/${article.id}`);
      await expect(page.getByRole('dialog').getByLabel('Title', { exact: true })).toHaveValue('Two operators', LOADED);
    }
    await expect(mine.getByRole('dialog')).toContainText(`Also open by:${SECOND.email}`, LOADED);
    await expect(theirs.getByRole('dialog')).toContainText(`Also open by:${ADMIN.email}`, LOADED);

    // A signed-in app user on the same topic: refused on the private channel, alone on the public one.
    const topic = `presence:news:${article.id}`;
    const outsider = await appUserWatching(browser, baseURL ?? '', topic);
    try {
      await expect.poll(outsider.watch, LOADED).toEqual({
        privateStatus: 'CHANNEL_ERROR',
        privateError: `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
        publicKeys: ['app-user'],
      });
      // Nothing of the operators reached it, and its made-up entry reached no dialog.
      expect(outsider.frames.join('\n')).not.toContain(ADMIN_ID);
      expect(outsider.frames.join('\n')).not.toContain(ADMIN.email);
      await expect(mine.getByRole('dialog').getByRole('status')).toHaveText(`Also open by:${SECOND.email}`);
      await expect(theirs.getByRole('dialog').getByRole('status')).toHaveText(`Also open by:${ADMIN.email}`);
    } finally {
      await outsider.page.context().close();
    }

    await mine.getByRole('dialog').getByLabel('Title', { exact: true }).fill('My version');
    await theirs.getByRole('dialog').getByLabel('Title', { exact: true }).fill('Their version');
    await theirs.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(theirs.getByRole('dialog')).toHaveCount(0, LOADED);

    const warning = mine.getByRole('dialog').getByRole('alert');
    await expect(warning).toContainText(new RegExp(`^${SECOND.email} saved a newer version at `), LOADED);
    await expect(mine.getByRole('dialog').getByLabel('Title', { exact: true })).toHaveValue('My version');
    await mine.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const confirm = mine.getByRole('dialog', { name: 'Save over a newer version?' });
    await expect(confirm).toContainText(`${SECOND.email} saved this record at`);
    await confirm.getByRole('button', { name: 'Save mine' }).click();
    await expect(mine.getByRole('dialog')).toHaveCount(0, LOADED);
    const saved = await request.get(`/rest/v1/news?id=eq.${article.id}&select=title`, { headers: SERVICE });
    expect(await saved.json()).toEqual([{ title: 'My version' }]);
  } finally {
    await request.delete(`/rest/v1/news?id=eq.${article.id}`, { headers: SERVICE });
    await mine.context().close();
    await theirs.context().close();
  }
});

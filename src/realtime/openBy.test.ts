import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import type { DatabaseClient } from '../domain/database';
import { supabaseClient } from '../providers/supabaseClient';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';
import { watchOpenBy, type PresentOperator } from './openBy';

/**
 * "Also open by" as an edit dialog gets it (src/realtime/openBy.ts), with the admin's own client as
 * the viewer and other operators' sessions through the stand-in: Realtime presence is only the
 * signal; who is named is what their own sessions wrote (public.open_records).
 */

const server = setUpStandInServer();
const WAIT = { timeout: 15_000 };
const EDITOR_ID = '00000000-0000-4000-8000-000000000005';
const SUPPORT_ID = '00000000-0000-4000-8000-000000000006';
const EDITOR = { user_id: EDITOR_ID, email: 'editor@labellens.dev' };

const ended: (() => void)[] = [];
const others: DatabaseClient[] = [];
/** Each browser's own storage key, never reused in the file (as two browsers share none). */
let browsers = 0;
afterEach(async () => {
  ended.splice(0).forEach((end) => end());
  await Promise.all(others.splice(0).map((c) => c.removeAllChannels()));
});

/** Another operator's browser: its own signed-in client (the demo editor unless told). */
async function operator(email = 'editor@labellens.dev'): Promise<DatabaseClient> {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(email);
  const client: DatabaseClient = createClient('http://localhost:54321', LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, storageKey: `open-by-test-${++browsers}` },
  });
  const { error } = await client.auth.signInWithPassword(account);
  if (error) throw error;
  others.push(client);
  return client;
}

async function newsItem() {
  const { rows } = await server
    .db()
    .query<{ id: string }>(
      `insert into public.news (title, content, source_url) values ('Open by', 'Body', 'https://example.com/open') returning id`,
    );
  return rows[0].id;
}

/** The admin's dialog on the record: every list of others it was given, the latest last. */
function adminWatches(id: string, options?: Parameters<typeof watchOpenBy>[4]) {
  const seen: PresentOperator[][] = [];
  ended.push(watchOpenBy(supabaseClient, 'news', id, (o) => seen.push(o), options));
  return seen;
}

const channelOf = (client: DatabaseClient, id: string) =>
  client.getChannels().find((c) => c.subTopic === `presence:news:${id}`);

function track(channel: RealtimeChannel, payload: Record<string, unknown>) {
  return new Promise<string>((resolve) =>
    channel
      .on('presence', { event: 'sync' }, () => undefined)
      .subscribe((state) => {
        if (state === 'SUBSCRIBED') void channel.track(payload).then(resolve);
      }),
  );
}

describe('"Also open by"', () => {
  it('names nobody for a track of another operator’s id, and names a colleague whose own session opened the record', async () => {
    const id = await newsItem();
    await signIn(DEMO.admin);
    const seen = adminWatches(id);
    // Nobody yet, however often the dialog has been told so (a presence sync and a read may both tell).
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0), WAIT);
    expect(seen.flat()).toEqual([]);

    // The editor's own script: the private channel, keyed and tracked as the support operator
    // (who may not even edit news), exactly as the dialog used to track its own id.
    const spoof = (await operator()).channel(`presence:news:${id}`, {
      config: { private: true, presence: { key: SUPPORT_ID } },
    });
    expect(await track(spoof, { user_id: SUPPORT_ID })).toBe('ok');
    await vi.waitFor(
      () => expect(Object.keys(channelOf(supabaseClient, id)?.presenceState() ?? {})).toContain(SUPPORT_ID),
      WAIT,
    );

    // Then the editor opens the record in the admin (another client: their browser), as the dialog does.
    ended.push(watchOpenBy(await operator(), 'news', id, () => undefined));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([EDITOR]), WAIT);
    expect(seen.flat().map((o) => o.user_id)).not.toContain(SUPPORT_ID);
    // What the dialog tracks names nobody: an empty payload under a key that is not a user id.
    const state = channelOf(supabaseClient, id)?.presenceState() ?? {};
    expect(Object.keys(state)).not.toContain(EDITOR_ID);
    const { [SUPPORT_ID]: spoofed, ...dialogs } = state;
    expect(spoofed).toEqual([{ user_id: SUPPORT_ID, presence_ref: expect.any(String) }]);
    // The viewer's own dialog and the editor's: realtime-js adds only its presence_ref.
    expect(Object.values(dialogs)).toEqual([
      [{ presence_ref: expect.any(String) }],
      [{ presence_ref: expect.any(String) }],
    ]);
  });

  it('drops a colleague who closed the dialog at once, and one whose tab crashed once their row lapses', async () => {
    const id = await newsItem();
    await signIn(DEMO.admin);
    // The viewer reads again every 100 ms here (a third of the row's life in the app).
    const seen = adminWatches(id, { refreshAfterMs: () => 100 });
    const editor = await operator();

    const close = watchOpenBy(editor, 'news', id, () => undefined);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([EDITOR]), WAIT);
    close();
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([]), WAIT);
    const { rows } = await server
      .db()
      .query('select 1 from public.open_records where record_id = $1 and user_id = $2', [id, EDITOR_ID]);
    expect(rows).toEqual([]);

    // Opened again, then the tab is gone without closing the dialog (its socket drops, its row
    // stays): still named while the row lasts.
    ended.push(watchOpenBy(editor, 'news', id, () => undefined));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([EDITOR]), WAIT);
    await editor.removeAllChannels();
    const count = seen.length;
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(count + 2), WAIT);
    expect(seen.at(-1)).toEqual([EDITOR]);
    // The row lapses (dated back, as if its last refresh were 90 s ago): the next read drops it.
    await server.db().transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(
        `update public.open_records set expires_at = now() - interval '1 second' where record_id = $1`,
        [id],
      );
    });
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([]), WAIT);
  });
});

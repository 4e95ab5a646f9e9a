/**
 * Realtime Authorization in the stand-in, driven by real realtime-js (supabase-js) clients and by
 * raw WebSocket frames: private channels, the presence policies of
 * supabase/schemas/27_realtime.sql, token refresh, and what an
 * outsider's socket gets on an operator's presence topic.
 */
import { type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db';
import { openTestDatabase } from '../testing/snapshot';
import { startRealtimeTestServer, userToken, type RealtimeTestServer } from './testServer';
import type { RawSocket } from './testSockets';

const OWNER = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const EDITOR = '00000000-0000-4000-8000-000000000005';
const SUPPORT = '00000000-0000-4000-8000-000000000006';

let db: Database;
let rt: RealtimeTestServer;
let newsId: string;
let topic: string;

type Subscribed =
  { channel: RealtimeChannel; status: 'SUBSCRIBED' } | { status: 'CHANNEL_ERROR'; error: Error };

/**
 * Joins an edit dialog's private channel under a chosen presence key (the tests track user ids: the
 * channel carries whatever a member tracks; src/realtime/openBy.ts never reads names from it).
 */
async function joinPresence(
  c: SupabaseClient,
  key: string,
  name = topic,
  isPrivate = true,
): Promise<Subscribed> {
  const channel = c.channel(name, { config: { private: isPrivate, presence: { key } } });
  channel.on('presence', { event: 'sync' }, () => undefined);
  return new Promise((resolve) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve({ channel, status });
      if (status === 'CHANNEL_ERROR') resolve({ status, error: error ?? new Error('no reason') });
    }),
  );
}

async function joined(c: SupabaseClient, key: string, name = topic, isPrivate = true) {
  const result = await joinPresence(c, key, name, isPrivate);
  if (result.status !== 'SUBSCRIBED') throw result.error;
  return result.channel;
}

const unauthorized = (t: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${t}`;

beforeAll(async () => {
  db = await openTestDatabase();
  newsId = (await db.query<{ id: string }>('select id from public.news order by created_at limit 1')).rows[0]
    .id;
  topic = `presence:news:${newsId}`;
  rt = await startRealtimeTestServer(db);
});

afterEach(async () => {
  await rt.leaveAll();
});

afterAll(async () => {
  await rt.close();
  await db.close();
});

describe('private channels (Realtime Authorization, with realtime-js)', () => {
  it('lets the operators who may edit the record join and track, and they see each other', async () => {
    const owner = await joined(await rt.client(await userToken(OWNER)), OWNER);
    const editor = await joined(await rt.client(await userToken(EDITOR)), EDITOR);
    expect(await owner.track({ user_id: OWNER })).toBe('ok');
    expect(await editor.track({ user_id: EDITOR })).toBe('ok');
    await vi.waitFor(() => expect(Object.keys(owner.presenceState()).sort()).toEqual([OWNER, EDITOR].sort()));
    expect(editor.presenceState()[OWNER]).toMatchObject([{ user_id: OWNER }]);
  });

  it.each([
    ['a support operator (reads news, does not edit it)', () => userToken(SUPPORT)],
    ['an app user', () => userToken(USER)],
    ['an owner without the second factor the settings require', () => userToken(OWNER, { aal: 'aal1' })],
    ['the anon key', () => Promise.resolve(undefined)],
  ])('refuses the join of %s with Realtime’s reason', async (_, accessToken) => {
    await db.query('update public.admin_settings set mfa_required = true where id = 1');
    try {
      const result = await joinPresence(await rt.client(await accessToken()), 'someone');
      expect(result.status).toBe('CHANNEL_ERROR');
      expect(result.status === 'CHANNEL_ERROR' && result.error.message).toBe(unauthorized(topic));
    } finally {
      await db.query('update public.admin_settings set mfa_required = false where id = 1');
    }
  });

  it('refuses a topic for a record that does not exist or a resource without an edit dialog', async () => {
    const c = await rt.client(await userToken(OWNER));
    for (const name of [
      'presence:news:00000000-0000-4000-8000-00000000dead',
      `presence:scans:${newsId}`,
      `broadcast:news:${newsId}`,
    ]) {
      const result = await joinPresence(c, OWNER, name);
      expect(result.status === 'CHANNEL_ERROR' && result.error.message).toBe(unauthorized(name));
    }
  });

  it('refuses a track the INSERT policy does not admit, with a bare error reply', async () => {
    // A topic readable by every signed-in user but writable by none: the read and write checks are
    // separate policies.
    await db.exec(`create policy "Test: read only room" on realtime.messages for select to authenticated
      using (realtime.topic() = 'read-only-room')`);
    try {
      const owner = await joined(await rt.client(await userToken(OWNER)), OWNER, 'read-only-room');
      const user = await joined(await rt.client(await userToken(USER)), USER, 'read-only-room');
      expect(await user.track({ user_id: USER })).toBe('error');
      expect(await owner.track({ user_id: OWNER })).toBe('error');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(owner.presenceState()).toEqual({});
    } finally {
      await db.exec(`drop policy "Test: read only room" on realtime.messages`);
    }
  });

  it('asks the policies again when a new access token arrives, and ends the channel whose read was revoked', async () => {
    const c = await rt.client(await userToken(EDITOR));
    const editor = await joined(c, EDITOR);
    const system = new Promise<{ extension: string; status: string; message: string }>((resolve) =>
      editor.on('system' as never, {}, resolve),
    );
    await db.query('update public.admin_users set is_active = false where user_id = $1', [EDITOR]);
    try {
      // A refreshed session's token (another JWT for the same operator), as supabase-js sends it.
      await c.realtime.setAuth(await userToken(EDITOR, { session_id: 'refreshed' }));
      expect(await system).toEqual({
        extension: 'system',
        status: 'error',
        message: `You no longer have permission to read from this Channel topic: ${topic}`,
        channel: topic,
      });
    } finally {
      await db.query('update public.admin_users set is_active = true where user_id = $1', [EDITOR]);
    }
  });

  it('keeps a public and a private channel of the same name apart', async () => {
    const owner = await joined(await rt.client(await userToken(OWNER)), OWNER);
    await owner.track({ user_id: OWNER });
    const outsider = await joined(await rt.client(), 'fake', topic, false);
    expect(await outsider.track({ user_id: EDITOR })).toBe('ok');
    await vi.waitFor(() => expect(Object.keys(outsider.presenceState())).toEqual(['fake']));
    expect(Object.keys(owner.presenceState())).toEqual([OWNER]);
  });
});

describe('an outsider on an operator’s presence topic (raw frames)', () => {
  const join = (s: RawSocket, accessToken: string | undefined, isPrivate: boolean) =>
    s.request(
      `realtime:${topic}`,
      'phx_join',
      {
        config: { presence: { key: 'intruder', enabled: true }, postgres_changes: [], private: isPrivate },
        ...(accessToken ? { access_token: accessToken } : {}),
      },
      '1',
    );

  it.each([
    ['an anonymous socket', () => Promise.resolve(undefined)],
    ['an app user’s socket', () => userToken(USER)],
  ])('%s receives nothing and cannot put anyone into the owner’s "Also open by"', async (_, accessToken) => {
    const owner = await joined(await rt.client(await userToken(OWNER)), OWNER);
    await owner.track({ user_id: OWNER });
    await vi.waitFor(() => expect(Object.keys(owner.presenceState())).toEqual([OWNER]));

    const s = await rt.rawSocket();
    const t = await accessToken();
    expect((await join(s, t, true))[4]).toEqual({
      status: 'error',
      response: { reason: unauthorized(topic) },
    });
    // Not joined: a track is not taken.
    const track = await s.request(
      `realtime:${topic}`,
      'presence',
      {
        type: 'presence',
        event: 'track',
        payload: { user_id: EDITOR, email: 'fake@labellens.dev' },
      },
      '1',
    );
    expect(track[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    // The public channel of the same name is another channel: its presence is not the owner's.
    expect((await join(s, t, false))[4]).toMatchObject({ status: 'ok' });
    const publicTrack = await s.request(
      `realtime:${topic}`,
      'presence',
      {
        type: 'presence',
        event: 'track',
        payload: { user_id: EDITOR },
      },
      '1',
    );
    expect(publicTrack[4]).toEqual({ status: 'ok', response: {} });

    // The owner's dialog changes again; the outsider hears none of it.
    await owner.untrack();
    await owner.track({ user_id: OWNER, at: 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Object.keys(owner.presenceState())).toEqual([OWNER]);
    const seen = JSON.stringify(s.frames);
    expect(seen).not.toContain(OWNER);
    expect(
      s.frames
        .filter((f) => f[3] === 'presence_state' || f[3] === 'presence_diff')
        .map((f) => Object.keys(f[4])),
    ).toEqual([[], ['joins', 'leaves']]);
  });
});

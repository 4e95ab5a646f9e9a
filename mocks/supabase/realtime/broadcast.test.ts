/**
 * Broadcast in the stand-in's Realtime, driven by real realtime-js (supabase-js) clients: public
 * channels relay to the topic's other members (the sender too with `self`), answer with `ack`;
 * private channels send and receive only as realtime.messages' policies for the `broadcast`
 * extension allow (read at join, write at the first send); an event Realtime does not know gets
 * no reply.
 */
import { type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db';
import { openTestDatabase } from '../testing/snapshot';
import { startRealtimeTestServer, userToken, type RealtimeTestServer } from './testServer';

const WRITER = '00000000-0000-4000-8000-000000000001';
const READER = '00000000-0000-4000-8000-000000000002';
/** The topic the test policies admit (reading for any signed-in user, writing for WRITER only). */
const ROOM = 'bcast:room';

let db: Database;
let rt: RealtimeTestServer;

interface Member {
  channel: RealtimeChannel;
  /** Every broadcast payload received, in order. */
  received: unknown[];
  until(n: number): Promise<unknown[]>;
  send(n: number): Promise<string>;
}

/** Joins `name` listening to the `ping` event; rejects when the join is refused. */
async function member(
  c: SupabaseClient,
  name: string,
  config: { self?: boolean; ack?: boolean; private?: boolean } = {},
): Promise<Member> {
  const received: unknown[] = [];
  const waiters: (() => void)[] = [];
  const channel = c
    .channel(name, {
      config: { private: config.private ?? false, broadcast: { self: config.self, ack: config.ack } },
    })
    .on('broadcast', { event: 'ping' }, (message: { payload: unknown }) => {
      received.push(message.payload);
      waiters.splice(0).forEach((w) => w());
    });
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );
  return {
    channel,
    received,
    async until(n) {
      while (received.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    send: (n) => channel.send({ type: 'broadcast', event: 'ping', payload: { n } }, { timeout: 1000 }),
  };
}

beforeAll(async () => {
  db = await openTestDatabase();
  // Test policies for the broadcast extension on one topic (the app's migrations admit none).
  await db.exec(`
    create policy "Test: signed-in users read the room" on realtime.messages for select to authenticated
      using (extension = 'broadcast' and (select realtime.topic()) = '${ROOM}');
    create policy "Test: the writer writes to the room" on realtime.messages for insert to authenticated
      with check (extension = 'broadcast' and (select realtime.topic()) = '${ROOM}'
                  and (select auth.uid()) = '${WRITER}');`);
  rt = await startRealtimeTestServer(db);
});

afterEach(async () => {
  await rt.leaveAll();
});

afterAll(async () => {
  await rt.close();
  await db.close();
});

describe('Broadcast on public channels', () => {
  it('relays to the other members, to the sender only with self, and acknowledges with ack', async () => {
    const echo = await member(await rt.client(), 'lobby', { self: true, ack: true });
    const quiet = await member(await rt.client(), 'lobby', { ack: true });
    const listener = await member(await rt.client(), 'lobby');
    const elsewhere = await member(await rt.client(), 'another-room', { self: true });

    expect(await echo.send(1)).toBe('ok');
    expect(await quiet.send(2)).toBe('ok');
    expect(await listener.until(2)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await echo.until(2)).toEqual([{ n: 1 }, { n: 2 }]);
    // A later message quiet does receive proves its own was never coming back to it.
    expect(await echo.send(3)).toBe('ok');
    expect(await quiet.until(2)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(elsewhere.received).toEqual([]);
  });

  it('sends a binary user broadcast as JSON to a 1.0.0 client', async () => {
    const old = await member(await rt.client(undefined, '1.0.0'), 'lobby');
    const sender = await member(await rt.client(), 'lobby', { ack: true });
    expect(await sender.send(7)).toBe('ok');
    expect(await old.until(1)).toEqual([{ n: 7 }]);
  });

  it('answers an event Realtime does not know with nothing, and counts it', async () => {
    const s = await rt.rawSocket();
    await s.request('realtime:lobby', 'phx_join', { config: {} }, '1');
    s.send(['1', 'unknown-1', 'realtime:lobby', 'no_such_event', { any: 'thing' }]);
    // The heartbeat sent after it is answered; the unknown event never is.
    await s.request('phoenix', 'heartbeat', {});
    expect(s.frames.filter((f) => f[1] === 'unknown-1')).toEqual([]);
  });
});

describe('Broadcast on private channels (Realtime Authorization)', () => {
  it('lets a member the write policy admits send, and every member the read policy admits receive', async () => {
    const writer = await member(await rt.client(await userToken(WRITER)), ROOM, { private: true, ack: true });
    const reader = await member(await rt.client(await userToken(READER)), ROOM, { private: true, ack: true });
    const publicSameName = await member(await rt.client(), ROOM);

    expect(await writer.send(1)).toBe('ok');
    expect(await reader.until(1)).toEqual([{ n: 1 }]);
    // The reader may not write: no reply (the ack times out) and nobody receives it.
    expect(await reader.send(2)).toBe('timed out');
    expect(await writer.send(3)).toBe('ok');
    expect(await reader.until(2)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(writer.received).toEqual([]);
    // A public channel of the same name is another topic.
    expect(publicSameName.received).toEqual([]);
  });

  it('refuses a private join without a read policy for the topic', async () => {
    await expect(
      member(await rt.client(await userToken(READER)), 'bcast:other', { private: true }),
    ).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: bcast:other',
    );
  });
});

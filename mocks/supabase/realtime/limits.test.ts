/**
 * The stand-in's Realtime limits per connection and per channel (docs/architecture.md, "Realtime
 * limits"): the connection cap applied when a socket opens, idle sockets that cannot keep
 * operators out, presence and message rates with Realtime's own errors, and what a presence flood
 * costs to send. Client sockets are bound to 127.0.0.x addresses to play other machines; every
 * loop is bounded. The figures printed are the ones docs/architecture.md reports.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { Database } from '../db';
import { LOCAL_ANON_KEY } from '../keys';
import { openTestDatabase } from '../testing/snapshot';
import type { RealtimeLimits } from './server';
import { startRealtimeTestServer, userToken, type RealtimeTestServer } from './testServer';
import { openRawSocket, type Frame, type RawSocket } from './testSockets';

const OWNER = '00000000-0000-4000-8000-000000000001';

let db: Database;
let newsId: string;
const servers: RealtimeTestServer[] = [];
const sockets: RawSocket[] = [];

async function serve(limits: Partial<RealtimeLimits> = {}) {
  const server = await startRealtimeTestServer(db, limits);
  servers.push(server);
  return server;
}

async function raw(url: string, localAddress = '127.0.0.1') {
  const s = await openRawSocket(url, LOCAL_ANON_KEY, { localAddress });
  sockets.push(s);
  return s;
}

/** Opens up to n sockets from one address; resolves with how many opened and the refusals' texts. */
async function flood(url: string, n: number, localAddress: string) {
  let opened = 0;
  const refused = new Set<string>();
  for (let i = 0; i < n; i++)
    await raw(url, localAddress).then(
      () => opened++,
      (error: Error) => refused.add(error.message),
    );
  return { opened, refused: [...refused] };
}

/** One client-to-server text frame, masked as RFC 6455 requires of a client. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | payload.length])
      : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]));
  return Buffer.concat([Buffer.from([0x81]), length, mask, masked]);
}

const joinFrame = (topic: string, extra: Record<string, unknown> = {}) => ({
  config: { presence: { key: '', enabled: true }, postgres_changes: [], private: false },
  ...extra,
  topic,
});

const systemMessage = (s: RawSocket, topic: string) =>
  s.next(
    (f: Frame) =>
      f[2] === topic && f[3] === 'system' && (f[4] as { extension?: string }).extension === 'system',
  );

async function ownerJoinsPresence(server: RealtimeTestServer) {
  const c = await server.client(await userToken(OWNER, {}, 600));
  const started = performance.now();
  const channel = c.channel(`presence:news:${newsId}`, {
    config: { private: true, presence: { key: OWNER } },
  });
  channel.on('presence', { event: 'sync' }, () => undefined);
  const status = await new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('TIMED_OUT (10 s)'), 10_000);
    channel.subscribe((state, error) => {
      if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR') {
        clearTimeout(timer);
        resolve(error ? `${state}: ${error.message}` : state);
      }
    });
  });
  return { status, ms: performance.now() - started };
}

beforeAll(async () => {
  db = await openTestDatabase();
  newsId = (await db.query<{ id: string }>('select id from public.news order by created_at limit 1')).rows[0]
    .id;
});

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  for (const server of servers.splice(0)) {
    await server.leaveAll();
    await server.close();
  }
});

afterAll(() => db.close());

describe('connections', () => {
  it('keeps a place for an operator while 505 idle anonymous sockets try to take them all', async () => {
    const server = await serve();
    const { realtime, url } = server;
    // One machine holds at most its share of the 500 places.
    const first = await flood(url, 505, '127.0.0.2');
    expect(first).toEqual({ opened: 250, refused: ['HTTP 429'] });
    // Two more machines fill the rest; past the cap, the oldest socket holding no channel gives
    // its place to the newcomer.
    const second = await flood(url, 250, '127.0.0.3');
    const third = await flood(url, 250, '127.0.0.4');
    expect([second.opened, third.opened]).toEqual([250, 250]);
    expect(realtime.connectionCount).toBe(500);

    const join = await ownerJoinsPresence(server);
    console.log(`[limits] operator's join during the idle flood: ${join.status} in ${join.ms.toFixed(0)} ms`);
    expect(join.status).toBe('SUBSCRIBED');
    expect(realtime.connectionCount).toBe(500);
  }, 60_000);

  it('closes a socket that joins no channel within the deadline', async () => {
    const { url } = await serve({ joinDeadlineMs: 300 });
    const idle = await raw(url, '127.0.0.2');
    const busy = await raw(url, '127.0.0.2');
    expect((await busy.request('realtime:room', 'phx_join', joinFrame('room'), '1'))[4]).toMatchObject({
      status: 'ok',
    });
    // The sweeper runs every joinDeadlineMs; bounded wait.
    await vi.waitFor(() => expect(idle.ws.readyState).toBe(idle.ws.CLOSED), { timeout: 3000 });
    expect(busy.ws.readyState).toBe(busy.ws.OPEN);
  });

  it('closes a socket that sends nothing, not even a heartbeat, for the idle timeout', async () => {
    const { url } = await serve({ idleTimeoutMs: 300 });
    const silent = await raw(url);
    const beating = await raw(url);
    for (const s of [silent, beating])
      expect((await s.request('realtime:room', 'phx_join', joinFrame('room'), '1'))[4]).toMatchObject({
        status: 'ok',
      });
    // realtime-js beats every 25 s; here every 100 ms, well inside the 300 ms.
    const beat = setInterval(() => beating.send([null, 'hb', 'phoenix', 'heartbeat', {}]), 100);
    try {
      await vi.waitFor(() => expect(silent.ws.readyState).toBe(silent.ws.CLOSED), { timeout: 3000 });
      expect(beating.ws.readyState).toBe(beating.ws.OPEN);
    } finally {
      clearInterval(beat);
    }
  });

  it('drops a subscriber that stops reading once its unsent data passes maxBufferedBytes', async () => {
    const { realtime, url } = await serve({ maxBufferedBytes: 256 * 1024, maxEventsPerSecond: 10_000 });
    // A real socket that completes the upgrade, joins, then never reads again: what the server
    // sends piles up in the kernel's buffers, then in ws's (bufferedAmount).
    const stalled = connect({ host: '127.0.0.1', port: Number(new URL(url).port) });
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.write(
      [
        `GET /realtime/v1/websocket?apikey=${LOCAL_ANON_KEY}&vsn=2.0.0 HTTP/1.1`,
        `Host: ${new URL(url).host}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    await new Promise((resolve) => stalled.once('data', resolve));
    stalled.write(maskedTextFrame(JSON.stringify(['1', '1', 'realtime:flood', 'phx_join', { config: {} }])));
    await vi.waitFor(() => expect(realtime.connectionCount).toBe(1));
    stalled.pause();
    const reader = await raw(url);
    await reader.request('realtime:flood', 'phx_join', { config: {} }, '1');
    await vi.waitFor(() => expect(realtime.connectionCount).toBe(2));

    // 64 KB broadcasts until the stalled socket is dropped (bounded: at most 64 MB).
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    while (realtime.connectionCount === 2 && sent < 1024) {
      reader.send([
        '1',
        null,
        'realtime:flood',
        'broadcast',
        { type: 'broadcast', event: 'x', payload: { chunk } },
      ]);
      sent++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    stalled.destroy();
    console.log(`slow subscriber dropped after ${sent} broadcasts of 64 KB`);
    expect(realtime.connectionCount).toBe(1);
    expect(reader.ws.readyState).toBe(reader.ws.OPEN);
  });
});

describe('rates, with Realtime’s errors', () => {
  it('ends a channel past its presence events per window: "Client presence rate limit exceeded"', async () => {
    const { url } = await serve();
    const s = await raw(url);
    await s.request('realtime:room', 'phx_join', joinFrame('room'), '1');
    for (let i = 0; i < 5; i++)
      expect(
        (
          await s.request(
            'realtime:room',
            'presence',
            { type: 'presence', event: 'track', payload: { i } },
            '1',
          )
        )[4],
      ).toEqual({ status: 'ok', response: {} });
    s.send(['1', 'x', 'realtime:room', 'presence', { type: 'presence', event: 'track', payload: { i: 6 } }]);
    expect((await systemMessage(s, 'realtime:room'))[4]).toMatchObject({
      status: 'error',
      message: 'Client presence rate limit exceeded',
    });
  });

  it('answers a track whose payload is not an object, and an unknown presence event, with errors', async () => {
    const { url } = await serve();
    const s = await raw(url);
    await s.request('realtime:room', 'phx_join', joinFrame('room'), '1');
    const track = await s.request(
      'realtime:room',
      'presence',
      { type: 'presence', event: 'TRACK', payload: [1] },
      '1',
    );
    expect(track[4]).toEqual({
      status: 'error',
      response: { reason: 'Presence track payload must be a map' },
    });
    const other = await s.request('realtime:room', 'presence', { type: 'presence', event: 'shout' }, '1');
    expect(other[4]).toEqual({ status: 'error', response: {} });
  });

  it('ends a channel when its connection sends too many presence messages a second', async () => {
    const { url } = await serve();
    const s = await raw(url);
    for (let i = 0; i < 21; i++)
      await s.request(`realtime:room-${i}`, 'phx_join', joinFrame(`room-${i}`), String(i));
    for (let i = 0; i < 21; i++)
      s.send([
        String(i),
        `t${i}`,
        `realtime:room-${i}`,
        'presence',
        { type: 'presence', event: 'track', payload: {} },
      ]);
    expect((await systemMessage(s, 'realtime:room-20'))[4]).toMatchObject({
      status: 'error',
      message: 'Too many presence messages per second',
    });
  });

  it('ends a channel whose connection sends too many messages a second', async () => {
    const { url } = await serve();
    const s = await raw(url);
    await s.request('realtime:room', 'phx_join', joinFrame('room'), '1');
    for (let i = 0; i < 101; i++)
      s.send(['1', `b${i}`, 'realtime:room', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
    expect((await systemMessage(s, 'realtime:room'))[4]).toMatchObject({
      status: 'error',
      message: 'Too many messages per second',
    });
  });

  it('refuses joins past the per-second limit and disconnects: "ClientJoinRateLimitReached"', async () => {
    const { url } = await serve();
    const s = await raw(url);
    const closed = new Promise((resolve) => s.ws.once('close', resolve));
    for (let i = 0; i < 101; i++)
      s.send([String(i), `j${i}`, 'realtime:room', 'phx_join', joinFrame('room')]);
    expect((await s.next((f) => f[1] === 'j100'))[4]).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    });
    await closed;
  });
});

describe('a presence flood', () => {
  it('100 listeners each tracking 9 KB: what the server sends stays bounded', async () => {
    const { url } = await serve();
    const listeners: RawSocket[] = [];
    for (let i = 0; i < 100; i++) listeners.push(await raw(url, '127.0.0.5'));
    for (const [i, s] of listeners.entries())
      await s.request('realtime:flood', 'phx_join', joinFrame('flood', {}), String(i));
    const rssBefore = process.memoryUsage().rss;
    const note = 'x'.repeat(9 * 1024);
    for (const [i, s] of listeners.entries())
      s.send([
        String(i),
        `t${i}`,
        'realtime:flood',
        'presence',
        { type: 'presence', event: 'track', payload: { note } },
      ]);
    // Every tracker hears back: its reply, or its channel ended.
    await Promise.all(
      listeners.map((s, i) =>
        s.next((f) => f[1] === `t${i}` || (f[3] === 'phx_close' && f[2] === 'realtime:flood'), 20_000),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = listeners.reduce((sum, s) => sum + s.bytes(), 0);
    const accepted = listeners.filter((s, i) =>
      s.frames.some((f) => f[1] === `t${i}` && (f[4] as { status?: string }).status === 'ok'),
    ).length;
    const rss = process.memoryUsage().rss;
    console.log(
      `[limits] presence flood: ${accepted} of 100 tracks taken, ${(sent / 1e6).toFixed(1)} MB sent, ` +
        `rss ${(rssBefore / 1e6).toFixed(0)} -> ${(rss / 1e6).toFixed(0)} MB`,
    );
    // 64 KB of presence per topic: 7 tracks of 9 KB, each sent to 100 members.
    expect(accepted).toBe(7);
    expect(sent).toBeLessThan(8e6);
  }, 60_000);
});

/**
 * npm run bench:realtime [-- --subscribers 200 --rate 100 --seconds 30]
 *
 * The stand-in's Realtime under load, on loopback only, bounded in count and time (it stops by
 * itself). The server (stand-in on a worker PGlite in memory, Realtime, as `npm start` serves
 * them) runs in a child process; this process writes and subscribes, as separate clients would.
 *
 * 1. Writes to a table nobody subscribes to: REST inserts into news, with Realtime idle and then
 *    with 25 subscribers on another table, in alternating blocks; the ratio of their medians.
 * 2. Commit to subscriber: 25 supabase-js clients (25 operator sessions) on news; 200 inserts, one
 *    every 20 ms; latency = arrival - the change's commit_timestamp (same clock); median and p99.
 *    Then commit to the dashboard's number: a change, the dashboard's refetch after its 200 ms
 *    burst window (src/realtime/useLive.ts), and the admin_dashboard_stats answer with the new count.
 * 3. Load: --subscribers raw WebSocket clients (vsn 1.0.0) over 20 operator sessions, --rate
 *    inserts a second for --seconds: every event delivered exactly once and in order; the site's
 *    page and /auth/v1/health polled every 250 ms meanwhile (slowest answer); the server's memory.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { signJwt } from '../mocks/supabase/jwt';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../mocks/supabase/keys';

const ADMIN = '00000000-0000-4000-8000-000000000001';
const HARD_LIMIT_MS = 5 * 60_000;

async function serve() {
  const { serveRealtime, standInMiddleware, startStandIn } = await import('../mocks/supabase/node');
  const standIn = await startStandIn({ dataDir: 'memory', log: () => undefined });
  const api = standInMiddleware(standIn);
  const page = '<!doctype html><title>LabelLens</title><p>Site';
  const server = createServer((req, res) => void api(req, res, () => res.end(page)));
  const realtime = await serveRealtime(server, standIn);
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on('message', (message: string) => {
    if (message === 'memory')
      process.send?.({ memory: process.memoryUsage(), connections: realtime.connectionCount });
    if (message === 'stop')
      void realtime
        .close()
        .then(() => standIn.db.close())
        .finally(() => process.exit(0));
  });
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function bench() {
  const { values } = parseArgs({
    options: {
      subscribers: { type: 'string', default: '200' },
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '30' },
      serve: { type: 'boolean', default: false },
    },
  });
  const subscribers = Math.min(1000, Number(values.subscribers));
  const rate = Math.min(500, Number(values.rate));
  const seconds = Math.min(120, Number(values.seconds));

  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] });
  const stopAll = setTimeout(() => {
    console.error('bench:realtime ran past its limit; stopping.');
    child.kill('SIGKILL');
    process.exit(1);
  }, HARD_LIMIT_MS);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    await run(`http://127.0.0.1:${port}`, child, { subscribers, rate, seconds });
  } finally {
    clearTimeout(stopAll);
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function run(url: string, child: ChildProcess, { subscribers, rate, seconds }: Record<string, number>) {
  const insert = async (table: string, row: Record<string, unknown>) => {
    const started = performance.now();
    const response = await fetch(`${url}/rest/v1/${table}`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify(row),
    });
    if (!response.ok) throw new Error(`insert into ${table}: ${response.status} ${await response.text()}`);
    return performance.now() - started;
  };
  const news = (title: string) => ({ title, content: 'Bench body', source_url: 'https://example.com/bench' });
  const session = (i: number) =>
    signJwt(
      // One session per subscriber, so each is a distinct identity to check; Auth's session ids are
      // uuids (private.session_may_operate casts them).
      {
        sub: ADMIN,
        role: 'authenticated',
        aud: 'authenticated',
        aal: 'aal2',
        session_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      },
      { expiresInSeconds: 3600 },
    );
  const clients: SupabaseClient[] = [];
  const client = async (token: string) => {
    const c = createClient(url, LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    await c.realtime.setAuth(token);
    clients.push(c);
    return c;
  };
  const subscribe = (
    c: SupabaseClient,
    table: string,
    onInsert: (p: { new: Record<string, unknown>; commit_timestamp: string }) => void,
  ) =>
    new Promise<void>((resolve, reject) =>
      c
        .channel(`bench-${table}-${Math.random()}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table }, onInsert)
        .subscribe((status, error) => {
          if (status === 'SUBSCRIBED') resolve();
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
        }),
    );

  // 1. Write cost on a table nobody follows.
  for (let i = 0; i < 20; i++) await insert('news', news(`warm-up ${i}`));
  const idle: number[] = [];
  const others: number[] = [];
  const watchers = await Promise.all(Array.from({ length: 25 }, async (_, i) => client(await session(i))));
  const block = async (into: number[]) => {
    for (let i = 0; i < 50; i++) into.push(await insert('news', news(`cost ${into.length}`)));
  };
  // Alternating blocks: the machine's noise falls on both alike.
  for (let round = 0; round < 4; round++) {
    await block(idle);
    const channels = await Promise.all(
      watchers.map((c) => subscribe(c, 'scans', () => undefined).then(() => c)),
    );
    await block(others);
    await Promise.all(channels.map((c) => c.removeAllChannels()));
  }
  console.log('1. REST insert into news (nobody subscribed to news), 200 each:');
  console.log(
    `   Realtime idle ${ms(median(idle))}; 25 subscribers on scans ${ms(median(others))}; ratio ${(median(others) / median(idle)).toFixed(2)}`,
  );

  // 2. Commit to subscriber, 25 clients.
  const latencies: number[] = [];
  await Promise.all(
    watchers.map((c) =>
      subscribe(c, 'news', (p) => {
        if (String(p.new.title).startsWith('latency '))
          latencies.push(Date.now() - Date.parse(p.commit_timestamp));
      }),
    ),
  );
  for (let i = 0; i < 200; i++) {
    void insert('news', news(`latency ${i}`));
    await sleep(20);
  }
  const deadline = Date.now() + 10_000;
  while (latencies.length < 200 * 25 && Date.now() < deadline) await sleep(50);
  console.log(`2. Commit to subscriber, 25 subscribers x 200 changes (${latencies.length} delivered):`);
  console.log(
    `   median ${ms(median(latencies))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
  );

  const adminToken = await session(0);
  const dashboard = createClient(url, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${adminToken}` } },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  await dashboard.realtime.setAuth(adminToken);
  clients.push(dashboard);
  const count = async () => {
    const { data, error } = await dashboard.rpc('admin_dashboard_stats');
    if (error) throw error;
    return (data as { news: number }).news;
  };
  let heard: (() => void) | undefined;
  await subscribe(dashboard, 'news', () => heard?.());
  const toDashboard: number[] = [];
  for (let i = 0; i < 10; i++) {
    const before = await count();
    const seen = new Promise<void>((resolve) => (heard = resolve));
    const committed = Date.now();
    await insert('news', news(`dashboard ${i}`));
    await seen;
    await sleep(200); // the dashboard's burst window (src/realtime/useLive.ts)
    while ((await count()) === before) await sleep(10);
    toDashboard.push(Date.now() - committed);
  }
  console.log(
    `   commit to the dashboard's figure (event, 200 ms window, refetch): median ${ms(median(toDashboard))}, max ${ms(Math.max(...toDashboard))}`,
  );
  await Promise.all(clients.map((c) => c.removeAllChannels()));

  // 3. Load.
  const sessions = await Promise.all(Array.from({ length: 20 }, (_, i) => session(100 + i)));
  const received = Array.from({ length: subscribers }, () => [] as number[]);
  const sockets = await Promise.all(
    received.map(
      (got, i) =>
        new Promise<ws>((resolve, reject) => {
          const socket = new ws(
            `${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${LOCAL_ANON_KEY}&vsn=1.0.0`,
          );
          socket.on('error', reject);
          socket.on('open', () =>
            socket.send(
              JSON.stringify({
                topic: `realtime:load-${i}`,
                event: 'phx_join',
                ref: '1',
                join_ref: '1',
                payload: {
                  config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'news' }] },
                  access_token: sessions[i % sessions.length],
                },
              }),
            ),
          );
          socket.on('message', (data) => {
            const message = JSON.parse(data.toString()) as {
              event: string;
              payload: { status?: string; data?: { record: { title: string } }; message?: string };
            };
            if (message.event === 'system' && message.payload.status === 'ok') resolve(socket);
            if (message.event === 'postgres_changes') {
              const title = message.payload.data?.record.title ?? '';
              if (title.startsWith('load ')) got.push(Number(title.slice(5)));
            }
          });
        }),
    ),
  );
  const heartbeat = setInterval(
    () =>
      sockets.forEach((s) =>
        s.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb' })),
      ),
    25_000,
  );
  const slowest = { site: 0, health: 0 };
  let polling = true;
  const poll = (async () => {
    while (polling) {
      for (const [key, path] of [
        ['site', '/'],
        ['health', '/auth/v1/health'],
      ] as const) {
        const started = performance.now();
        await fetch(`${url}${path}`, { headers: { apikey: LOCAL_ANON_KEY } }).then((r) => r.arrayBuffer());
        slowest[key] = Math.max(slowest[key], performance.now() - started);
      }
      await sleep(250);
    }
  })();
  const total = rate * seconds;
  const started = Date.now();
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    // Sequential per tick (commit order is the order of these numbers), paced to the rate.
    writes.push(insert('news', news(`load ${i}`)));
    const due = started + ((i + 1) * 1000) / rate;
    if (due > Date.now()) await sleep(due - Date.now());
    if (i % rate === rate - 1) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  const writeSeconds = (Date.now() - started) / 1000;
  const until = Date.now() + 20_000;
  while (received.some((got) => got.length < total) && Date.now() < until) await sleep(100);
  polling = false;
  await poll;
  clearInterval(heartbeat);
  const memory = await new Promise<{ memory: NodeJS.MemoryUsage; connections: number }>((resolve) => {
    child.once('message', resolve);
    child.send('memory');
  });
  // Commit order is the insert order only where inserts do not overlap; each second's inserts are
  // awaited together, so compare per subscriber with the order the first subscriber saw.
  const reference = received[0];
  const exactlyOnce = received.every((got) => got.length === total && new Set(got).size === total);
  const sameOrder = received.every((got) => got.every((n, i) => n === reference[i]));
  sockets.forEach((s) => s.close());
  console.log(
    `3. ${subscribers} subscribers (20 sessions), ${total} inserts in ${writeSeconds.toFixed(1)} s (${(total / writeSeconds).toFixed(0)}/s):`,
  );
  console.log(
    `   every event exactly once: ${exactlyOnce}; every subscriber in the same (commit) order: ${sameOrder}`,
  );
  console.log(`   slowest answer meanwhile: site ${ms(slowest.site)}, /auth/v1/health ${ms(slowest.health)}`);
  console.log(
    `   server memory: rss ${(memory.memory.rss / 2 ** 20).toFixed(0)} MB, heap ${(memory.memory.heapUsed / 2 ** 20).toFixed(0)} MB, ${memory.connections} connections`,
  );
}

if (process.argv.includes('--serve')) await serve();
else await bench();

/**
 * Bounded before read: the stand-in served over HTTP (the middleware `npm start` and the dev
 * server use), in its own process so its memory can be measured. A body without an API key is
 * answered before it is read, however large it says it is; an upload with a key is streamed to
 * the database, never held whole.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SERVICE_ROLE_KEY } from '../keys';

const MB = 1024 * 1024;
const USER = '00000000-0000-4000-8000-000000000002';
const NO_API_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};

let server: ChildProcess;
let port: number;
const reply = <T>() => new Promise<T>((resolve) => server.once('message', (m) => resolve(m as T)));
/** The server's resident set after a GC, and the highest sampled since the last call, in MB. */
async function memory() {
  server.send('rss');
  const { rss, peak } = await reply<{ rss: number; peak: number }>();
  return { rss: rss / MB, peak: peak / MB };
}

let dataDir: string;
beforeAll(async () => {
  // A database folder, as `npm start` keeps one: in memory, the stored file itself would be RSS.
  dataDir = mkdtempSync(path.join(tmpdir(), 'labellens-bounds-'));
  server = fork(fileURLToPath(new URL('../testing/memoryServer.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, LOCAL_DB_DIR: dataDir },
  });
  ({ port } = await reply<{ port: number }>());
}, 120_000);
afterAll(async () => {
  server.send('stop');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** From the first byte sent to the answer's last. */
  ms: number;
  /** Whether the server closed the connection (after answering). */
  closed: Promise<void>;
}

/**
 * A POST declaring `declared` bytes that sends `sent` of them (1 MB chunks, as fast as the socket
 * takes them) and then waits; resolves with the answer as soon as it has arrived.
 */
function post(path: string, declared: number, sent: number, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const start = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(declared),
          ...headers,
        },
      },
      (res) => {
        const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            ms: performance.now() - start,
            closed,
          }),
        );
      },
    );
    // Writing into a connection the server closed after answering fails; the answer is what counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    let answered = false;
    req.on('response', () => (answered = true));
    const chunk = Buffer.alloc(MB, 0x61);
    let written = 0;
    const write = () => {
      while (written < sent && !req.destroyed) {
        written += MB;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (sent >= declared) req.end();
    };
    write();
  });
}

describe('a body without an API key', () => {
  // A server that closes a connection with the body unread sends TCP's reset, and under load the
  // reset can reach the client before the 401 sent ahead of it (EPIPE while writing: CI, 29 Nov, once
  // in many runs). Real clients meet the same race; what is tested is the answer and the memory.
  it(
    'four concurrent 50 MB uploads are answered 401 before they are read, costing under 50 MB',
    { retry: 2 },
    async () => {
      const before = await memory();
      const answers = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          post(`/storage/v1/object/scan-images/${USER}/big-${i}.png`, 50 * MB, 50 * MB),
        ),
      );
      const after = await memory();
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(JSON.parse(answer.body)).toEqual(NO_API_KEY);
        expect(answer.headers.connection).toBe('close');
        await answer.closed;
      }
      console.log(
        `4 keyless 50 MB uploads: RSS ${before.rss.toFixed(0)} -> ${after.rss.toFixed(0)} MB, ` +
          `peak ${after.peak.toFixed(0)} MB (+${(after.peak - before.rss).toFixed(1)} MB)`,
      );
      expect(after.peak - before.rss).toBeLessThan(50);
    },
  );

  it('a body declared 50 MB of which 1 MB is sent is answered at once and the connection closed', async () => {
    const answer = await post(`/storage/v1/object/scan-images/${USER}/slow.png`, 50 * MB, MB);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual(NO_API_KEY);
    expect(answer.ms).toBeLessThan(1000);
    await answer.closed;
  });

  it('the same holds for REST and Auth: answered without reading the body', async () => {
    for (const path of ['/rest/v1/contact_messages', '/auth/v1/token?grant_type=password']) {
      const answer = await post(path, 50 * MB, MB, { 'Content-Type': 'application/json' });
      expect([path, answer.status, JSON.parse(answer.body)]).toEqual([path, 401, NO_API_KEY]);
      expect(answer.ms).toBeLessThan(1000);
      await answer.closed;
    }
  });
});

describe('an upload with a key', () => {
  it("declared over the bucket limit: Storage's EntityTooLarge before its body is read", async () => {
    const answer = await post(`/storage/v1/object/scan-images/${USER}/big.png`, 50 * MB, MB, {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'image/png',
    });
    // Storage answers a client error with HTTP 400 and the error's own status in the body.
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size of 10 MB',
    });
    expect(answer.ms).toBeLessThan(1000);
    await answer.closed;
  });

  it('a 50 MB file is streamed to the database: the server never holds twice its size', async () => {
    server.send({
      sql: `insert into storage.buckets (id, name, public) values ('large-files', 'large-files', false)`,
    });
    await reply();
    const service = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
    // A first upload brings the server's heaps (its own and the database worker's) to their working
    // size, which is not what a file costs.
    const warmUp = await post('/storage/v1/object/large-files/warm-up.bin', 16 * MB, 16 * MB, service);
    expect(warmUp.status).toBe(200);
    const size = 50 * MB;
    const before = await memory();
    const answer = await post('/storage/v1/object/large-files/archive.bin', size, size, service);
    const after = await memory();
    expect([answer.status, JSON.parse(answer.body).Key]).toEqual([200, 'large-files/archive.bin']);
    console.log(
      `one 50 MB upload with a key: RSS ${before.rss.toFixed(0)} -> ${after.rss.toFixed(0)} MB, ` +
        `peak ${after.peak.toFixed(0)} MB (+${(after.peak - before.rss).toFixed(1)} MB) in ${answer.ms.toFixed(0)} ms`,
    );
    expect(after.peak - before.rss).toBeLessThan((2 * size) / MB);
  });
});

/**
 * `npm run bench:abuse`: issue 16's worst read, looped against a real `npm start` server on
 * loopback, while the static site and /auth/v1/health are timed. Bounded: one server on
 * 127.0.0.1, a fixed number of attackers for a fixed time, then everything stops and the
 * temporary database folder is removed. Fails (exit 1) when the site or health answered slower
 * than 1 s at any point.
 *
 * Needs a build (`npm run build`). PORT (default 5316) and ATTACK_SECONDS (default 40) may be set.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { openPreparedLocalDatabase } from '../mocks/supabase/localDatabase';

const PORT = Number(process.env.PORT ?? 5316);
const BASE = `http://127.0.0.1:${PORT}`;
const ATTACK_SECONDS = Number(process.env.ATTACK_SECONDS ?? 40);
const ATTACKERS = 2;
const MESSAGES = 300;
/** The review's request: 300 messages of one chat, nested through chats twice. */
const WORST_READ = '/rest/v1/messages?select=id,chats(messages(id,chats(messages(id))))';
/**
 * Hosted Supabase's statement timeouts (supabase/postgres sets them on its API roles), applied to
 * the test folder when the platform SQL has not set them: the stand-in takes a request's budget
 * from them as PostgREST does.
 */
const HOSTED_TIMEOUTS = { anon: '3s', authenticated: '8s' } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function prepareFolder(dir: string) {
  const { db } = await openPreparedLocalDatabase(
    { dataDir: dir, label: dir },
    { command: 'npm run bench:abuse', fresh: true },
  );
  try {
    for (const [role, timeout] of Object.entries(HOSTED_TIMEOUTS)) {
      const { rows } = await db.query<{ set: boolean }>(
        `select exists (select 1 from pg_roles r, unnest(r.rolconfig) s
                         where r.rolname = $1 and s like 'statement_timeout=%') as set`,
        [role],
      );
      // Role names and values are fixed above, not request text.
      if (!rows[0].set) await db.exec(`alter role ${role} set statement_timeout = '${timeout}'`);
    }
  } finally {
    await db.close();
  }
}

async function api(pathname: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', LOCAL_ANON_KEY);
  headers.set('Authorization', `Bearer ${init.token ?? LOCAL_ANON_KEY}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`${BASE}${pathname}`, { ...init, headers });
}

/** An attacker's account with one chat of MESSAGES messages, all written through the API. */
async function attackerToken(): Promise<string> {
  const signup = await api('/auth/v1/signup', {
    method: 'POST',
    body: JSON.stringify({ email: `attacker-${Date.now()}@example.in`, password: 'Attacker-pass-1' }),
  });
  const { access_token: token, user } = (await signup.json()) as {
    access_token: string;
    user: { id: string };
  };
  const chat = await api('/rest/v1/chats?select=id', {
    method: 'POST',
    token,
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({ user_id: user.id, title: 'flood' }),
  });
  const [{ id }] = (await chat.json()) as Array<{ id: string }>;
  const rows = Array.from({ length: MESSAGES }, (_, i) => ({ chat_id: id, role: 'user', content: `m${i}` }));
  const written = await api('/rest/v1/messages', { method: 'POST', token, body: JSON.stringify(rows) });
  if (written.status !== 201) throw new Error(`writing messages: HTTP ${written.status}`);
  return token;
}

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - start;
}

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { peakMb: number; nowMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: Math.round(kb('VmHWM') / 1024), nowMb: Math.round(kb('VmRSS') / 1024) };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'labellens-abuse-'));
  const folder = path.join(dir, 'db');
  await prepareFolder(folder);
  // node itself (not the tsx launcher), so /proc shows the server's own memory.
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOCAL_DB_DIR: folder },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      if (i > 600) throw new Error('the server did not start within 5 minutes');
      if (
        await timed(`${BASE}/auth/v1/health`).then(
          () => true,
          () => false,
        )
      )
        break;
      await sleep(500);
    }
    const token = await attackerToken();
    const before = memoryOf(server.pid!);
    const statuses = new Map<number, number>();
    const attackTimes: number[] = [];
    const site: number[] = [];
    const health: number[] = [];
    const until = Date.now() + ATTACK_SECONDS * 1000;
    const attacker = async () => {
      while (Date.now() < until) {
        const start = performance.now();
        const response = await api(WORST_READ, { token });
        await response.arrayBuffer();
        attackTimes.push(performance.now() - start);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    const prober = async () => {
      while (Date.now() < until) {
        site.push(await timed(`${BASE}/`));
        health.push(await timed(`${BASE}/auth/v1/health`));
        await sleep(200);
      }
    };
    await Promise.all([...Array.from({ length: ATTACKERS }, attacker), prober()]);
    const after = memoryOf(server.pid!);
    const worst = (times: number[]) => Math.round(Math.max(...times));
    const median = (times: number[]) =>
      Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]);
    const report = {
      attack: `${ATTACKERS} loops of ${WORST_READ} for ${ATTACK_SECONDS} s`,
      attackAnswers: Object.fromEntries(statuses),
      attackSlowestMs: worst(attackTimes),
      siteProbes: site.length,
      siteWorstMs: worst(site),
      siteMedianMs: median(site),
      healthWorstMs: worst(health),
      healthMedianMs: median(health),
      serverMemoryMb: { beforeAttack: before.nowMb, afterAttack: after.nowMb, peak: after.peakMb },
    };
    console.log(JSON.stringify(report, null, 2));
    if (report.siteWorstMs > 1000 || report.healthWorstMs > 1000) {
      console.error('The site or /auth/v1/health took more than 1 s during the attack.');
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

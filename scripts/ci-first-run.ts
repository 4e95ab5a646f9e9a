/**
 * CI's newcomer check: starts the product exactly as the README's first command does (`npm start` in
 * this folder, default database folder, only PORT set), probes the site, the admin and a password
 * sign-in, writes a contact message as a visitor, restarts, reads the message back as the admin, and
 * stops it. Run from a clean clone, after `npm install`: `PORT=5199 tsx scripts/ci-first-run.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { DEFAULT_DATA_DIR, lockFileFor } from '../mocks/supabase/localDatabase';

const PORT = process.env.PORT ?? '5199';
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** npm start builds first; a cold build on a busy CI machine takes a few minutes at worst. */
const START_TIMEOUT_MS = 10 * 60_000;
/** A stop closes the database: a few seconds at most. */
const STOP_TIMEOUT_MS = 30_000;

function fail(message: string): never {
  throw new Error(message);
}

/** The environment a newcomer's shell has: nothing of ours but PORT. */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT };
  for (const name of ['LOCAL_DB_DIR', 'DATABASE_URL', 'HOST', 'VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'])
    delete env[name];
  return env;
}

interface Started {
  child: ChildProcess;
  seconds: number;
  output: () => string;
}

/** `npm start` in its own process group, resolved once it prints its URL. */
function npmStart(): Promise<Started> {
  const began = performance.now();
  const child = spawn('npm', ['start'], {
    env: newcomerEnv(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`npm start printed no URL in time:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
      if (output.includes(`LabelLens is running at ${ORIGIN}/`)) {
        clearTimeout(timer);
        resolve({ child, seconds: (performance.now() - began) / 1000, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before printing its URL:\n${output}`));
    });
  });
}

async function waitUntil(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) fail(`${what} within ${STOP_TIMEOUT_MS / 1000} s of the stop signal`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const portIsClosed = () =>
  fetch(`${ORIGIN}/`).then(
    () => false,
    () => true,
  );

/** Ctrl-C as a terminal sends it: SIGINT to the whole group. The server must close the database and exit. */
async function stop({ child, output }: Started): Promise<void> {
  let exited = child.exitCode !== null || child.signalCode !== null;
  child.once('exit', () => (exited = true));
  process.kill(-child.pid!, 'SIGINT');
  try {
    await waitUntil('npm start did not exit', async () => exited);
    await waitUntil('the server still answers', portIsClosed);
    await waitUntil(
      'the database folder is still locked',
      async () => !existsSync(lockFileFor(DEFAULT_DATA_DIR)),
    );
  } catch (error) {
    process.kill(-child.pid!, 'SIGKILL');
    throw error;
  }
  if (!output().includes('closing the database')) fail('the server did not report closing the database');
  console.log('stopped: database closed, folder released, port free');
}

async function expectStatus(what: string, response: Response, status: number): Promise<string> {
  const body = await response.text();
  if (response.status !== status) fail(`${what}: expected HTTP ${status}, got ${response.status}: ${body}`);
  console.log(`ok  ${what}: HTTP ${status}`);
  return body;
}

const apiHeaders = (token = LOCAL_ANON_KEY) => ({
  apikey: LOCAL_ANON_KEY,
  Authorization: `Bearer ${token}`,
  'Content-Type': 'application/json',
});

async function probePages() {
  const site = await expectStatus('GET /', await fetch(`${ORIGIN}/`), 200);
  if (!site.includes('Protect Yourself from the Packaged Food Pandemic'))
    fail('GET / is not the landing page');
  const admin = await expectStatus('GET /admin/', await fetch(`${ORIGIN}/admin/`), 200);
  if (!admin.includes('id="root"')) fail('GET /admin/ is not the admin app');
}

async function signInAsAdmin(): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS[0];
  const response = await fetch(`${ORIGIN}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: apiHeaders(),
    body: JSON.stringify({ email, password }),
  });
  const body = JSON.parse(await expectStatus(`password sign-in as ${email}`, response, 200)) as {
    access_token?: string;
  };
  return body.access_token ?? fail('the sign-in answer has no access_token');
}

async function main() {
  if (existsSync(DEFAULT_DATA_DIR)) fail(`${DEFAULT_DATA_DIR} exists: run this in a fresh clone`);
  const subject = `first-run probe ${new Date().toISOString()}`;

  console.log('--- first start (fresh clone, no database yet)');
  const first = await npmStart();
  console.log(`npm start printed its URL after ${first.seconds.toFixed(1)} s`);
  try {
    await probePages();
    await signInAsAdmin();
    const write = await fetch(`${ORIGIN}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: { ...apiHeaders(), Prefer: 'return=minimal' },
      body: JSON.stringify({
        first_name: 'First',
        last_name: 'Run',
        email: 'first.run@example.com',
        subject,
        message: 'Written before a restart; it must still be there after.',
      }),
    });
    await expectStatus('visitor writes a contact message', write, 201);
  } finally {
    await stop(first);
  }

  console.log('--- second start (same folder)');
  const second = await npmStart();
  console.log(`npm start printed its URL after ${second.seconds.toFixed(1)} s`);
  try {
    if (second.output().includes('loaded demo data')) fail('the second start seeded the database again');
    await probePages();
    const token = await signInAsAdmin();
    const read = await fetch(
      `${ORIGIN}/rest/v1/contact_messages?select=subject&subject=eq.${encodeURIComponent(subject)}`,
      {
        headers: apiHeaders(token),
      },
    );
    const rows = JSON.parse(await expectStatus('admin reads the message back', read, 200)) as unknown[];
    if (JSON.stringify(rows) !== JSON.stringify([{ subject }]))
      fail(`the message written before the restart is missing: ${JSON.stringify(rows)}`);
    console.log('ok  the row written before the restart is still there');
  } finally {
    await stop(second);
  }
}

main().catch((error: unknown) => {
  console.error(`\nFIRST RUN CHECK FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

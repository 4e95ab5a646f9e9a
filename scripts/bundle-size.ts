/**
 * `npm run bench:bundle`: how much JavaScript the admin's login route makes a browser download,
 * gzipped as served, against the 250 KB login-route budget (docs/architecture.md). Serves the built dist/ (run
 * `npm run build` first) on a throw-away database, opens /admin/login in Debian's Chromium, and sums
 * the script resources the page loaded. Exits 1 over budget.
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const BUDGET_BYTES = 250 * 1000;
const ROUTE = '/admin/login';

interface ScriptEntry {
  name: string;
  encodedBodySize: number;
  decodedBodySize: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${url} did not start`);
}

async function measure(baseUrl: string): Promise<ScriptEntry[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}${ROUTE}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    return await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map(({ name, encodedBodySize, decodedBodySize }) => ({ name, encodedBodySize, decodedBodySize })),
    );
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync('dist/admin/index.html'))
    throw new Error('No dist/admin/index.html: run `npm run build` first');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn('npx', ['tsx', 'scripts/serve.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOCAL_DB_DIR: 'memory' },
    stdio: 'ignore',
    detached: true, // its own process group, so stopping it also stops tsx's child (the server)
  });
  try {
    await waitForServer(`${baseUrl}/admin/`);
    const scripts = await measure(baseUrl);
    const gzipped = scripts.reduce((sum, s) => sum + s.encodedBodySize, 0);
    const raw = scripts.reduce((sum, s) => sum + s.decodedBodySize, 0);
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
    for (const s of scripts.sort((a, b) => b.encodedBodySize - a.encodedBodySize)) {
      console.log(
        `  ${kb(s.encodedBodySize).padStart(10)} gz  ${kb(s.decodedBodySize).padStart(10)} raw  ${new URL(s.name).pathname}`,
      );
    }
    console.log(
      `${ROUTE}: ${scripts.length} scripts, ${kb(gzipped)} gzipped (${kb(raw)} raw); budget ${kb(BUDGET_BYTES)}`,
    );
    if (gzipped > BUDGET_BYTES) {
      console.error(`Over budget by ${kb(gzipped - BUDGET_BYTES)}`);
      process.exitCode = 1;
    }
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * What the browser benches share (bench:bundle, bench:lists, bench:phone): Debian's Chromium, the
 * built product served by scripts/serve.ts on a throw-away database, the demo admin's sign-in and
 * the moments a person waits for (a list's first row, the dashboard's first figure).
 */
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });

export function freePort(): Promise<number> {
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

export interface RunningServer {
  baseUrl: string;
  stop(): void;
}

/**
 * `npm start`'s server (scripts/serve.ts) on dist/ and a free port, with an in-memory database
 * unless `env` names another (LOCAL_DB_DIR, DATABASE_URL: a bench's seeded one).
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync('dist/admin/index.html'))
    throw new Error('No dist/admin/index.html: run `npm run build` first');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn('npx', ['tsx', 'scripts/serve.ts'], {
    env: { ...process.env, LOCAL_DB_DIR: 'memory', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
    detached: true, // its own process group, so stopping it also stops tsx's child (the server)
  });
  const stop = () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  };
  try {
    await waitForServer(`${baseUrl}/admin/`);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
}

export const ADMIN_ACCOUNT = DEMO_ACCOUNTS[0];

/** The phone: Lighthouse's mobile profile (its "Slow 4G" network and a mid-range phone's CPU). */
export const PHONE_PROFILE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
} as const;

/** The phone profile's network on a page's DevTools session (its latency and bandwidth). */
export const emulatePhoneNetwork = (cdp: CDPSession) =>
  cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBitsPerSecond / 8,
    uploadThroughput: PHONE_PROFILE.uploadBitsPerSecond / 8,
  });

/** Signs the demo admin in from the login page and waits for the admin's welcome. */
export async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel(/email/i).fill(ADMIN_ACCOUNT.email);
  await page.getByLabel(/password/i).fill(ADMIN_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Welcome to Admin Panel').waitFor({ timeout: 60_000 });
}

/**
 * Resolves with the page's `performance.now()` (milliseconds since its navigation began) once a
 * list shows a data row: on a wide screen the table's, with the pager's range shown and no
 * placeholder (skeleton) row left; below 600 px the phone layout's first card.
 */
export const firstRowShown = (page: Page): Promise<number> =>
  page
    .waitForFunction(
      () =>
        ((/\d/.test(document.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '') &&
          document.querySelector('table tbody tr td') !== null &&
          document.querySelector('table tbody .MuiSkeleton-root') === null) ||
          document.querySelector('[data-testid="phone-list"] li') !== null) &&
        performance.now(),
      undefined,
      { timeout: 120_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

/** As firstRowShown, once the dashboard shows its first figure (a number, not its skeleton). */
export const firstFigureShown = (page: Page): Promise<number> =>
  page
    .waitForFunction(
      () =>
        /\d/.test(document.querySelector('[data-testid="stat-value"]')?.textContent ?? '') &&
        performance.now(),
      undefined,
      { timeout: 120_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

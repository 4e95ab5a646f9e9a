import { defineConfig, devices } from '@playwright/test';

/**
 * Two workers, each with its own server and in-memory database on its own port (E2E_PORT and the
 * next one): a spec never sees another worker's writes, and the two cores share the run.
 */
const WORKERS = 2;
const FIRST_PORT = Number(process.env.E2E_PORT ?? 4173);
const urlOf = (port: number) => `http://127.0.0.1:${port}`;
// Playwright loads this file again in each worker, with the worker's slot in TEST_PARALLEL_INDEX.
const baseURL = urlOf(FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** Browser tests drive Debian's Chromium against the built app on throw-away in-memory databases. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: WORKERS }, (_, slot) => ({
    command: 'tsx scripts/serve.ts',
    url: `${urlOf(FIRST_PORT + slot)}/rest/v1/`,
    env: {
      PORT: String(FIRST_PORT + slot),
      HOST: '127.0.0.1',
      LOCAL_DB_DIR: 'memory',
      // Every spec signs in from 127.0.0.1: far more than GoTrue's 30 per address in 5 minutes.
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
    },
    reuseExistingServer: !process.env.CI,
    // SIGTERM, so serve.ts closes the database: LOCAL_DB_DIR=memory is a temporary folder
    // (mocks/supabase/db/workerDatabase.ts) that closing deletes.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    timeout: 120_000,
  })),
});

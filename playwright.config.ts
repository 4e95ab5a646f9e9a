import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;

/** Browser tests drive Debian's Chromium against the built app on a throw-away in-memory database. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: 'tsx scripts/serve.ts',
    url: `${baseURL}/rest/v1/`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOCAL_DB_DIR: 'memory',
      // Every spec signs in from 127.0.0.1: far more than GoTrue's 30 per address in 5 minutes.
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
    },
    reuseExistingServer: !process.env.CI,
    // SIGTERM, so serve.ts closes the database: LOCAL_DB_DIR=memory is a temporary folder
    // (mocks/supabase/db/workerDatabase.ts) that closing deletes.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 120_000,
  },
});

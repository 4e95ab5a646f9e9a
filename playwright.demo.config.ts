import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

/** `npm run test:demo`: the demo build (dist-demo/) behind a plain static server the spec starts. */
export default defineConfig({
  testDir: 'tests/demo',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: { ...base.use, baseURL: undefined },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});

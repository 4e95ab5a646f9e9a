import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { staticServer } from './staticServer';

/**
 * The zero-install demo as shipped, for every spec of tests/demo: dist-demo/ (npm run build:demo)
 * behind a plain static server that logs every request; the whole product answers in the page
 * (demo/standIn.ts).
 */
/** The folder the demo is served from, as a project's GitHub Pages are. */
export const FOLDER = '/labellens';
const { server, requests } = staticServer(path.resolve('dist-demo'), FOLDER);
/** DEMO_PORT: another checkout's test:demo on this machine picks another port. */
const PORT = Number(process.env.DEMO_PORT ?? 5436);
export const ORIGIN = `http://127.0.0.1:${PORT}${FOLDER}`;

/** Starts the static server before the file's tests and stops it after them. */
export function serveDemo() {
  test.beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
}

/**
 * Every request the static server saw was for the demo's folder (its files and pages): a Supabase
 * request MSW's worker does not serve is refused by the demo's service worker (demo/serviceWorker.js).
 */
export const onlyFiles = () => {
  expect(requests.filter((p) => !p.startsWith(`${FOLDER}/`))).toEqual([]);
  expect(requests.length).toBeGreaterThan(0);
};

/** Opens a demo page and waits for its stand-in to answer (`data-stand-in="ready"`, demo/standIn.ts). */
export async function open(page: Page, address: string) {
  await page.goto(`${ORIGIN}${address}`);
  await expect(page.locator('html[data-stand-in="ready"]')).toBeAttached({ timeout: 30_000 });
}

export const account = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!;

export async function signIn(page: Page, email: string) {
  await open(page, '/admin/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(account(email).password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // A first visit's sign-in also stores the seeded data: over 20 s on a loaded machine.
  await expect(page).toHaveURL(`${ORIGIN}/admin/dashboard`, { timeout: 45_000 });
}

export async function signOut(page: Page) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('sb-')) localStorage.removeItem(key);
  });
}

/** Opens the tester's panel from the banner. */
export async function openPanel(page: Page) {
  await page.getByRole('button', { name: "Tester's panel" }).click();
  return page.getByRole('complementary', { name: "Tester's panel" });
}

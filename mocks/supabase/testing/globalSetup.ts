import { randomBytes } from 'node:crypto';
import { dropServerTestDatabases, ensureServerTemplate, ensureSnapshot } from './snapshot';

/**
 * Vitest global setup, before any worker starts: build the seeded PGlite snapshot once, or with
 * DATABASE_URL the template database each test file clones on that server (and, after the run,
 * drop any clone a file left behind).
 */
export default async function setup() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    process.env.LABELLENS_TEST_SNAPSHOT = await ensureSnapshot();
    return;
  }
  const template = await ensureServerTemplate(serverUrl);
  const run = randomBytes(4).toString('hex');
  process.env.LABELLENS_TEST_TEMPLATE = template;
  process.env.LABELLENS_TEST_RUN = run;
  return () => dropServerTestDatabases(serverUrl, template, run);
}

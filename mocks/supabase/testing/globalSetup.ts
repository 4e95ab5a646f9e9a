import { ensureSnapshot } from './snapshot';

/** Vitest global setup: build the seeded snapshot once, before any worker starts. */
export default async function setup() {
  if (!process.env.DATABASE_URL) process.env.LABELLENS_TEST_SNAPSHOT = await ensureSnapshot();
}

import { afterAll, beforeAll } from 'vitest';
import { standInClient } from '../auth/testClient';
import type { Database } from '../db';
import { createStandIn, type StandIn } from '../standIn';
import { reloadSchemaCache } from '../rest/schemaCache';
import { openTestDatabase } from './snapshot';

type StandInOptions = Omit<Parameters<typeof createStandIn>[0], 'db'> & {
  /** SQL the file's tests need (test tables, functions), run before the stand-in reads the schema. */
  setupSql?: string;
};

/**
 * A test file's own database (the test snapshot) and a stand-in over it: opened before the file's
 * tests, closed after them. Read `db` and `standIn` inside tests and hooks, not at the file's top level.
 */
export function standInForFile({ setupSql, ...options }: StandInOptions = {}): {
  readonly db: Database;
  readonly standIn: StandIn;
} {
  let opened: { db: Database; standIn: StandIn } | undefined;
  beforeAll(async () => {
    const db = await openTestDatabase();
    if (setupSql) {
      await db.exec(setupSql);
      await reloadSchemaCache(db);
    }
    opened = { db, standIn: createStandIn({ db, ...options }) };
  });
  afterAll(() => opened?.db.close());
  const current = () => {
    if (!opened) throw new Error('standInForFile: read db and standIn inside a test or hook');
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get standIn() {
      return current().standIn;
    },
  };
}

/** A supabase-js client signed in through the stand-in with a password. */
export async function signedInClient(standIn: StandIn, email: string, password: string) {
  const client = standInClient(standIn);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

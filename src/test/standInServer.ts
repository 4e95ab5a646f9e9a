import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { supabaseHandlers } from '../../mocks/msw/handlers';
import type { Database } from '../../mocks/supabase/db';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { RealtimeServer } from '../../mocks/supabase/realtime/server';
import { createStandIn, type StandIn } from '../../mocks/supabase/standIn';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { supabaseClient } from '../providers/supabaseClient';

/** The URL vitest.config.ts gives the admin's Supabase client. */
export const SUPABASE_URL = 'http://localhost:54321';

/**
 * For one test file: a seeded database behind the Supabase stand-in, reached through MSW exactly as
 * the browser would reach Supabase. Call in beforeAll; each test starts signed out with empty storage.
 */
export function setUpStandInServer(): {
  db: () => Database;
  msw: () => ReturnType<typeof setupServer>;
  realtime: () => RealtimeServer;
  /** The stand-in itself, for a test's own handler that answers through it (a late answer). */
  standIn: () => StandIn;
} {
  let db: Database | undefined;
  let standIn: StandIn | undefined;
  let server: ReturnType<typeof setupServer> | undefined;
  let realtime: RealtimeServer | undefined;

  beforeAll(async () => {
    db = await openTestDatabase();
    realtime = await RealtimeServer.start({ db });
    standIn = createStandIn({ db });
    server = setupServer(...supabaseHandlers(standIn, SUPABASE_URL, realtime));
    // MSW replaces the global WebSocket with its interceptor here; the admin's client looks the
    // global up for each connection (src/providers/supabaseClient.ts), so its sockets reach it.
    server.listen({ onUnhandledRequest: 'error' });
  });

  afterEach(async () => {
    // Unmount first: a mounted admin hears the sign-out below and logs out on a timer that could
    // fire after the test environment is gone ("window is not defined").
    cleanup();
    server?.resetHandlers();
    await supabaseClient.auth.signOut({ scope: 'local' });
    window.localStorage.clear();
    document.cookie.split('; ').forEach((cookie) => {
      document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/admin`;
    });
  });

  afterAll(async () => {
    // Test files share one process and its modules (vitest.config.ts: isolate false): the admin's
    // client must not keep channels or a reconnecting socket aimed at this file's closed server.
    await supabaseClient.removeAllChannels();
    supabaseClient.realtime.disconnect();
    server?.close();
    await realtime?.close();
    await db?.close();
  });

  const opened = <T>(value: T | undefined): T => {
    if (!value) throw new Error('The stand-in opens in beforeAll');
    return value;
  };
  return {
    db: () => opened(db),
    msw: () => opened(server),
    realtime: () => opened(realtime),
    standIn: () => opened(standIn),
  };
}

const [admin, user, inactiveAdmin] = DEMO_ACCOUNTS.map(({ email, password }) => ({ email, password }));

/** The demo accounts (mocks/supabase/demoAccounts.ts, the one list), by role. */
export const DEMO = { admin, user, inactiveAdmin } as const;

/** Signs the admin's Supabase client in directly (for tests that start inside the admin). */
export async function signIn(account: { email: string; password: string }): Promise<void> {
  const { error } = await supabaseClient.auth.signInWithPassword(account);
  if (error) throw error;
}

/** The names of a bucket's objects, sorted (what Storage holds, read from the database). */
export async function bucketObjects(db: Database, bucket: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 order by name`,
    [bucket],
  );
  return rows.map((r) => r.name);
}

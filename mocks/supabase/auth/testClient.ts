import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { LOCAL_ANON_KEY } from '../keys';
import type { StandIn } from '../standIn';
import { DEMO_ACCOUNTS } from '../demoAccounts';

export const TEST_SUPABASE_URL = 'http://localhost:54321';

/** A real supabase-js client whose every request goes to the stand-in in process. */
export function standInClient(standIn: StandIn, key = LOCAL_ANON_KEY): SupabaseClient {
  return createClient(TEST_SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: standInFetch(standIn) },
    // Node 20 has no global WebSocket; realtime is never opened in these tests.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

export function standInFetch(standIn: StandIn): typeof fetch {
  return async (input, init) => {
    const response = await standIn.handle(new Request(input, init));
    if (!response) throw new TypeError(`The stand-in does not serve ${String(input)}`);
    return response;
  };
}

const [admin, user, inactiveAdmin] = DEMO_ACCOUNTS;

/** The seeded demo accounts (mocks/supabase/demoAccounts.ts, the one list) with the ids the seed gives them. */
export const DEMO = {
  admin: { id: '00000000-0000-4000-8000-000000000001', email: admin.email, password: admin.password },
  user: { id: '00000000-0000-4000-8000-000000000002', email: user.email, password: user.password },
  inactiveAdmin: {
    id: '00000000-0000-4000-8000-000000000003',
    email: inactiveAdmin.email,
    password: inactiveAdmin.password,
  },
} as const;

import { test as base, type BrowserContextOptions } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { LOCAL_ANON_KEY } from '../../../mocks/supabase/keys';
import { ADMIN } from './signIn';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * A browser state already signed in as the demo admin on `baseURL`: supabase-js signs in through the
 * stand-in's password grant, as the login page does, and the session it would keep in the tab's
 * localStorage (its own key and format) becomes the origin's localStorage. A test whose subject is
 * not the sign-in then starts on its own screen: auth.spec.ts covers the login page itself.
 */
async function signedInState(baseURL: string): Promise<StorageState> {
  const kept = new Map<string, string>();
  const client = createClient(baseURL, LOCAL_ANON_KEY, {
    auth: {
      storage: {
        getItem: (key) => kept.get(key) ?? null,
        setItem: (key, value) => void kept.set(key, value),
        removeItem: (key) => void kept.delete(key),
      },
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    // Never connected; Node 20 has no WebSocket of its own for the client to be built with.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await client.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  return {
    cookies: [],
    origins: [
      { origin: new URL(baseURL).origin, localStorage: [...kept].map(([name, value]) => ({ name, value })) },
    ],
  };
}

/** Playwright's `test` whose pages start signed in as the demo admin, with a session of each test's own. */
export const test = base.extend({
  // (Playwright names this callback `use`, which the React hooks lint rule would take for a hook.)
  storageState: async ({ baseURL }, provide) => {
    await provide(await signedInState(baseURL!));
  },
});

export { expect } from '@playwright/test';

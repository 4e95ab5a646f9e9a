import { createClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';

/**
 * The one Supabase client of the admin: the public anon key plus the signed-in user's session, so
 * every request runs under row-level security. Local builds leave the URL empty and talk to the
 * stand-in on their own origin.
 */
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY;

/**
 * realtime-js keeps the WebSocket constructor it finds when the client is made. This one looks up
 * the global WebSocket for each connection, so one installed after this module loaded is used (MSW's
 * interceptor in component tests, src/test/standInServer.ts); in a browser it is the same every time.
 */
const currentWebSocket = new Proxy(globalThis.WebSocket, {
  construct: (_loaded, args: ConstructorParameters<typeof WebSocket>) => new globalThis.WebSocket(...args),
});

export const supabaseClient = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  realtime: { transport: currentWebSocket },
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    storage: window.localStorage,
    // The admin signs in only with a password: a link carrying #access_token=… (someone else's
    // session) must not replace the signed-in admin's session.
    detectSessionInUrl: false,
  },
});

import { createClient } from '@supabase/supabase-js';

/**
 * The one Supabase client of the admin: the public anon key plus the signed-in user's session, so
 * every request runs under row-level security. Local builds leave the URL empty and talk to the
 * stand-in on their own origin.
 */
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY;

export const supabaseClient = createClient(supabaseUrl, supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    storage: window.localStorage,
    // The admin signs in only with a password: a link carrying #access_token=… (someone else's
    // session) must not replace the signed-in admin's session.
    detectSessionInUrl: false,
  },
});

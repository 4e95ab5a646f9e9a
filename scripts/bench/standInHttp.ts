import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';

/** supabase-js as the admin makes it, without a stored session, Realtime over `ws` in Node. */
export function benchClient(url: string, options: SupabaseClientOptions<'public'> = {}): SupabaseClient {
  return createClient(url, LOCAL_ANON_KEY, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

/** benchClient signed in with a password, as the login screen does; throws when refused. */
export async function signedInClient(
  url: string,
  account: { email: string; password: string },
): Promise<SupabaseClient> {
  const client = benchClient(url);
  const { error } = await client.auth.signInWithPassword({
    email: account.email,
    password: account.password,
  });
  if (error) throw error;
  return client;
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import type { StandIn } from '../../mocks/supabase/standIn';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import { standInMiddleware } from '../../mocks/supabase/node';

/** The stand-in over HTTP on a free loopback port, as the benches reach it (404 for anything else). */
export async function listenStandIn(standIn: StandIn): Promise<{ server: Server; url: string }> {
  const api = standInMiddleware(standIn);
  const server = createServer((req, res) => void api(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

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
  const { error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw error;
  return client;
}

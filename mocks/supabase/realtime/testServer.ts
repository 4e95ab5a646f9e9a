import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../db';
import { signJwt } from '../jwt';
import { LOCAL_ANON_KEY } from '../keys';
import { createStandIn } from '../standIn';
import { listenStandIn } from '../testing/listen';
import { RealtimeServer, type RealtimeLimits } from './server';
import { openRawSocket, type RawSocket } from './testSockets';

/** A signed-in user's access token (aal2), as Auth issues it, for `sub`. */
export const userToken = (sub: string, extra: Record<string, unknown> = {}, expiresInSeconds = 3600) =>
  signJwt({ sub, role: 'authenticated', aud: 'authenticated', aal: 'aal2', ...extra }, { expiresInSeconds });

/**
 * The stand-in's API and Realtime on one loopback port, and real supabase-js clients for it:
 * `client(token)` carries the token on its Realtime as a signed-in session does, `rawSocket()` is a
 * socket of raw frames with the anon key; `leaveAll` ends every client's channels and closes the raw
 * sockets (after each test), `close` the servers.
 */
export async function startRealtimeTestServer(db: Database, limits: Partial<RealtimeLimits> = {}) {
  const realtime = await RealtimeServer.start({ db, limits });
  const http = await listenStandIn(createStandIn({ db }), (server) => realtime.attach(server));
  const clients: SupabaseClient[] = [];
  const sockets: RawSocket[] = [];
  return {
    realtime,
    url: http.url,
    async client(accessToken?: string, vsn = '2.0.0') {
      const c = createClient(http.url, LOCAL_ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as unknown as typeof WebSocket, vsn },
      });
      clients.push(c);
      if (accessToken) await c.realtime.setAuth(accessToken);
      return c;
    },
    async rawSocket() {
      const socket = await openRawSocket(http.url, LOCAL_ANON_KEY);
      sockets.push(socket);
      return socket;
    },
    async leaveAll() {
      await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
      await Promise.all(sockets.splice(0).map((s) => s.close()));
    },
    async close() {
      await realtime.close();
      await http.close();
    },
  };
}

export type RealtimeTestServer = Awaited<ReturnType<typeof startRealtimeTestServer>>;

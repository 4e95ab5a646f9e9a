import { http, passthrough, ws } from 'msw';
import type { RealtimeServer } from '../supabase/realtime/server';
import type { StandIn } from '../supabase/standIn';

/**
 * MSW handlers that send every Supabase API request under baseUrl to the stand-in, in process, and
 * (given its Realtime server) every Realtime WebSocket to that server, as a browser would reach them.
 */
export function supabaseHandlers(standIn: StandIn, baseUrl: string, realtime?: RealtimeServer) {
  const api = ['rest', 'auth', 'functions', 'storage'].map((part) =>
    http.all(
      `${baseUrl}/${part}/v1/*`,
      async ({ request }) => (await standIn.handle(request)) ?? passthrough(),
    ),
  );
  if (!realtime) return api;
  const link = ws.link(`${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`);
  const socket = link.addEventListener('connection', ({ client }) => {
    const apikey = client.url.searchParams.get('apikey') ?? '';
    const vsn = client.url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    // Frames that arrive while the apikey is checked wait for the connection.
    const early: string[] = [];
    let connection: ReturnType<RealtimeServer['connect']> | undefined;
    let open = true;
    client.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      if (connection) connection.message(event.data);
      else early.push(event.data);
    });
    client.addEventListener('close', () => {
      open = false;
      connection?.closed();
    });
    void realtime.verifyApikey(apikey).then((verdict) => {
      // A browser sees a refused upgrade as a closed socket.
      if (verdict !== 'ok') return client.close(1000, 'Unauthorized');
      connection = realtime.connect(
        {
          get isOpen() {
            return open;
          },
          bufferedAmount: 0,
          send: (text) => client.send(text),
          // Browsers' close() takes 1000 or 3000-4999 only; the code is informative here.
          close: (code, reason) => client.close(code === 1000 || code >= 3000 ? code : 1000, reason),
          terminate: () => client.close(),
        },
        { apikey, vsn },
      );
      early.splice(0).forEach((text) => connection?.message(text));
    });
  });
  return [...api, socket];
}

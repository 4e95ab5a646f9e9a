import { ws } from 'msw';
import type { RealtimeHub } from './hub';
import { REALTIME_PATH } from './protocol';

/**
 * One link per URL for the process: each ws.link() adds a listener, never removed, to the one
 * BroadcastChannel MSW shares between links, and test files that share a worker each link a stand-in.
 */
const links = new Map<string, ReturnType<typeof ws.link>>();

/**
 * Realtime over MSW's WebSocket interception: every socket to `${baseUrl}/realtime/v1/websocket`
 * is carried by the hub, in a component test (msw/node) or in the demo build's page (msw/browser).
 * The hub may still be starting (the demo's page answers before its database is open): a socket
 * waits for it as for its apikey check.
 */
export function realtimeLink(hub: RealtimeHub | Promise<RealtimeHub>, baseUrl: string) {
  const url = `${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`;
  const link = links.get(url) ?? ws.link(url);
  links.set(url, link);
  return link.addEventListener('connection', ({ client }) => {
    const apikey = client.url.searchParams.get('apikey') ?? '';
    const vsn = client.url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    // Frames that arrive while the apikey is checked wait for the connection.
    const early: (string | Uint8Array)[] = [];
    let connection: ReturnType<RealtimeHub['connect']> | undefined;
    let open = true;
    client.addEventListener('message', (event) => {
      const data: unknown = event.data;
      const frame =
        typeof data === 'string'
          ? data
          : data instanceof ArrayBuffer
            ? new Uint8Array(data)
            : data instanceof Uint8Array
              ? data
              : null;
      // A Blob frame is not something realtime-js sends (it sets binaryType to arraybuffer).
      if (frame === null) return;
      if (connection) connection.message(frame);
      else early.push(frame);
    });
    client.addEventListener('close', () => {
      open = false;
      connection?.closed();
    });
    void Promise.resolve(hub).then(
      async (started) => {
        const verdict = await started.verifyApikey(apikey);
        // A browser sees a refused upgrade as a closed socket.
        if (verdict !== 'ok' || !started.admit('local')) return client.close(1000, 'Unauthorized');
        connection = started.connect(
          {
            get isOpen() {
              return open;
            },
            bufferedAmount: 0,
            send: (data) => client.send(data),
            // Browsers' close() takes 1000 or 3000-4999 only; the code is informative here.
            close: (code, reason) => client.close(code === 1000 || code >= 3000 ? code : 1000, reason),
            terminate: () => client.close(),
          },
          { apikey, vsn },
        );
        early.splice(0).forEach((frame) => connection?.message(frame));
      },
      () => client.close(1000, 'Realtime did not start'),
    );
  });
}

/**
 * Raw Realtime sockets for tests (Phoenix serializer 2.0.0 frames, as an outsider would send them
 * without realtime-js). Each socket may be bound to its own loopback address (127.0.0.x) to play
 * another machine; traffic goes to 127.0.0.1 only.
 */
import { WebSocket } from 'ws';

export type Frame = [string | null, string | null, string, string, Record<string, unknown>];

export interface RawSocket {
  ws: WebSocket;
  /** Every frame the server sent, in order. */
  frames: Frame[];
  /** Bytes the server sent on this socket. */
  bytes(): number;
  send(frame: Frame): void;
  /** Sends a frame with a fresh ref and resolves with the server's phx_reply to it. */
  request(topic: string, event: string, payload: Record<string, unknown>, joinRef?: string): Promise<Frame>;
  /** Resolves with the first frame (already received or to come) that passes the test. */
  next(test: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  close(): Promise<void>;
}

let refs = 0;

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function openRawSocket(
  baseUrl: string,
  apikey: string,
  { localAddress = '127.0.0.1', headers }: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<RawSocket> {
  const url = `${baseUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`;
  const ws = new WebSocket(url, { localAddress, headers });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let received = 0;
  ws.on('message', (data: Buffer) => {
    received += data.length;
    frames.push(JSON.parse(data.toString()) as Frame);
    waiters.forEach((w) => w());
  });
  const socket: RawSocket = {
    ws,
    frames,
    bytes: () => received,
    send: (frame) => ws.send(JSON.stringify(frame)),
    request(topic, event, payload, joinRef = null as unknown as string) {
      const ref = String(++refs);
      socket.send([joinRef, ref, topic, event, payload]);
      return socket.next((f) => f[1] === ref && f[3] === 'phx_reply');
    },
    next(test, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(test);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no such frame'));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      if (ws.readyState === ws.CLOSED) return Promise.resolve();
      return new Promise((resolve) => {
        ws.once('close', () => resolve());
        ws.terminate();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

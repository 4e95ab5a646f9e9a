/**
 * The stand-in's Realtime over Node's HTTP server: `/realtime/v1/websocket` upgrades taken by ws.
 * The protocol itself is transport-free (./hub.ts and its modules); ./mswLink.ts carries the same
 * hub over MSW's WebSocket interception in a browser.
 *
 * Private channels (`config.private`) follow Realtime Authorization (./authorization.ts): a join
 * needs a SELECT policy on realtime.messages for the topic, a first track or broadcast an INSERT
 * policy; the answers are kept per channel and asked again when the client sends a new
 * access_token. A public and a private channel of the same name are separate (neither presence nor
 * broadcasts are shared between them).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Database } from '../db';
import { xHeaders } from './authorization';
import type { ChangeCapture } from './capture';
import { RealtimeHub, TOO_MANY_USERS } from './hub';
import type { RealtimeLimits } from './limits';
import { REALTIME_PATH, type Vsn } from './protocol';

export { REALTIME_PATH } from './protocol';
export { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './limits';
export type { RealtimeSocket } from './connection';

export class RealtimeServer extends RealtimeHub {
  private readonly wss: WebSocketServer;

  constructor(db: Database, capture: ChangeCapture, jwtSecret: string, limits: RealtimeLimits) {
    super(db, capture, jwtSecret, limits);
    this.wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  }

  /** Serves Realtime's upgrades on an HTTP server that has no other upgrade listener (tests). */
  attach(server: Server) {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!this.handleUpgrade(req, socket, head)) socket.destroy();
    });
  }

  /** Takes a WebSocket upgrade for the Realtime path; false for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return false;
    const apikey = url.searchParams.get('apikey') ?? String(req.headers.apikey ?? '');
    const vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    const address = req.socket.remoteAddress ?? '';
    void this.verifyApikey(apikey).then((verdict) => {
      // As Realtime's UserSocket refuses a connection: before the upgrade, with a status.
      if (verdict !== 'ok')
        return refuseUpgrade(
          socket,
          verdict === 'expired' ? '401 Unauthorized' : '403 Forbidden',
          verdict === 'expired' ? 'Token has expired' : 'Unauthorized',
        );
      // The connection cap is applied here, when the socket opens, so sockets that never join
      // count too (hosted counts a socket once it joins a channel).
      if (!this.admit(address)) return refuseUpgrade(socket, '429 Too Many Requests', TOO_MANY_USERS);
      this.wss.handleUpgrade(req, socket, head, (ws) =>
        this.accept(ws, vsn, apikey, address, xHeaders(req.rawHeaders)),
      );
    });
    return true;
  }

  async close() {
    await super.close();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket, vsn: Vsn, apikey: string, address: string, headers: Record<string, string>) {
    const connection = this.connect(
      {
        get isOpen() {
          return ws.readyState === ws.OPEN;
        },
        get bufferedAmount() {
          return ws.bufferedAmount;
        },
        send: (data) => ws.send(data),
        close: (code, reason) => ws.close(code, reason),
        terminate: () => ws.terminate(),
      },
      { apikey, vsn, address, headers },
    );
    // Binary frames carry Broadcast's user messages (serializer 2.0.0).
    ws.on('message', (data: RawData, isBinary: boolean) =>
      connection.message(isBinary ? rawBuffer(data) : data.toString()),
    );
    ws.on('close', () => connection.closed());
    ws.on('error', () => ws.terminate());
  }
}

/** A refused upgrade: an HTTP answer with Realtime's JSON `message`, then the socket closes. */
function refuseUpgrade(socket: Duplex, status: string, message: string) {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** ws hands a binary frame as a Buffer, an ArrayBuffer or fragments. */
function rawBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

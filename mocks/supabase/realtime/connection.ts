/**
 * One client's connection and the channels it joined. The transport (a ws socket in Node, an MSW
 * WebSocket link in a browser or a component test) is behind RealtimeSocket.
 */
import type { Policies } from './authorization';
import type { Database } from '../db';
import type { ChangeCapture, TableInfo } from './capture';
import type { RealtimeLimits } from './limits';
import type { ChangeFilter } from './filters';
import { encode, type Message, type Vsn } from './protocol';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE' | '*';

export interface Subscription {
  id: number;
  event: ChangeEvent;
  schema: string;
  table: string;
  /** The filter string exactly as the client sent it (the client compares the echo). */
  filterText?: string;
  filter: ChangeFilter | null;
  info: TableInfo | null;
}

export interface Channel {
  topic: string;
  /** Joined with `config.private`: Realtime Authorization decides what it may read and write. */
  private: boolean;
  /** The policies' answers so far (private channels; undefined = not asked yet). */
  policies: Policies | null;
  /** Broadcast config from the join (realtime-js `config.broadcast`): echo to the sender, reply. */
  broadcastSelf: boolean;
  broadcastAck: boolean;
  /** Presence state and diffs go to this channel (public, or private with presence read). */
  presenceEnabled: boolean;
  /** Presence events this channel sent in the current window (client_presence_rate_limit). */
  presenceWindow: { count: number; resetAt: number };
  joinRef: string | null;
  subscriptions: Subscription[];
  role: string;
  claims: Record<string, unknown>;
  claimsText: string;
  token: string;
  tokenTimer?: ReturnType<typeof setTimeout>;
  presenceKey: string;
  /** Whether the client has the topic's presence state (it then gets the diffs). */
  presenceSynced: boolean;
  /** This channel's entry among its key's presence metas, while it tracks. */
  presenceRef?: string;
}

export type TokenCheck =
  | { ok: true; role: string; claims: Record<string, unknown>; expiresInMs: number }
  | { ok: false; reason: string };

/**
 * One client's end of the connection: a ws WebSocket on a server, an MSW WebSocket link in
 * component tests (mocks/msw/handlers.ts).
 */
export interface RealtimeSocket {
  readonly isOpen: boolean;
  /** Bytes sent but not yet taken by the client. */
  readonly bufferedAmount: number;
  /** A text frame, or a binary one (Broadcast's user messages under serializer 2.0.0). */
  send(data: string | Uint8Array): void;
  close(code: number, reason: string): void;
  /** Drops the connection at once. */
  terminate(): void;
}

/** Events in the last second, for the per-second limits. */
export class PerSecond {
  private times: number[] = [];
  /** Counts one event; false when the limit was already reached within the last second. */
  take(limit: number, now = Date.now()): boolean {
    this.times = this.times.filter((t) => now - t < 1000);
    if (this.times.length >= limit) return false;
    this.times.push(now);
    return true;
  }
}

export class Connection {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  /** Since when the socket holds no channel (the join deadline runs from it). */
  channelless: number | null = Date.now();
  readonly joins = new PerSecond();
  readonly events = new PerSecond();
  readonly presenceEvents = new PerSecond();

  constructor(
    readonly socket: RealtimeSocket,
    readonly vsn: Vsn,
    readonly apikey: string,
    readonly address: string,
    /** The upgrade request's x- headers, what Realtime Authorization sets as request.headers. */
    readonly headers: Record<string, string>,
  ) {}

  send(message: Message, maxBufferedBytes: number) {
    this.sendFrame(encode(message, this.vsn), maxBufferedBytes);
  }

  sendFrame(frame: string | Uint8Array, maxBufferedBytes: number) {
    if (!this.socket.isOpen) return;
    // A subscriber that stopped reading is dropped rather than buffered for without end.
    if (this.socket.bufferedAmount > maxBufferedBytes) return this.socket.terminate();
    this.socket.send(frame);
  }
}

/** What the protocol's modules (channels, presence, broadcast, postgres changes) use of the hub. */
export interface Hub {
  readonly db: Database;
  readonly capture: ChangeCapture;
  readonly jwtSecret: string;
  readonly limits: RealtimeLimits;
  readonly connections: Set<Connection>;
  /** Presence per topic and kind: key → metas. */
  readonly presence: Map<string, Map<string, Record<string, unknown>[]>>;
  reply(connection: Connection, message: Message, status: 'ok' | 'error', response: object): void;
  push(connection: Connection, channel: Channel, event: string, payload: Record<string, unknown>): void;
  leave(connection: Connection, channel: Channel): void;
  /** Realtime's shutdown_response: a `system` error, then the channel closes. */
  shutdown(connection: Connection, channel: Channel, reason: string): void;
}

/** Node's timers keep a process alive unless unref'd; a browser's are plain numbers. */
export function unref(timer: ReturnType<typeof setTimeout>) {
  (timer as { unref?: () => void }).unref?.();
}

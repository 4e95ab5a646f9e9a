/**
 * The stand-in's Realtime, whatever carries its frames: the connections, their channels and the
 * dispatch of each client message to its module (./channels.ts joins and tokens, ./presence.ts,
 * ./broadcast.ts, ./postgresChanges.ts). A transport (./server.ts over Node's ws, ./mswLink.ts over
 * MSW's WebSocket interception) verifies the apikey, admits the socket and calls connect().
 *
 * The replies and messages follow supabase/realtime's RealtimeChannel: the join reply lists the
 * subscriptions' ids, a `system` message says "Subscribed to PostgreSQL", a token that expires or
 * stops verifying ends the channel with a `system` error and `phx_close`, and limits answer with
 * Realtime's reasons. Limits (RealtimeLimits) are applied per connection and per channel, with
 * Realtime's messages; the connection cap is applied when a socket opens (docs/architecture.md,
 * "Realtime limits").
 */
import type { Database } from '../db';
import { verifyJwt } from '../jwt';
import { LOCAL_JWT_SECRET } from '../keys';
import { broadcastEvent, countEvent } from './broadcast';
import { ChangeCapture } from './capture';
import { join, refreshToken } from './channels';
import { Connection, unref, type Channel, type Hub, type RealtimeSocket } from './connection';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './limits';
import { ChangeDispatcher } from './postgresChanges';
import { presenceEvent, untrack } from './presence';
import { decode, decodeUserBroadcastPush, subTopic, type Message, type Vsn } from './protocol';

/** limit_max_users (hosted logs it as ConnectionRateLimitReached). */
export const TOO_MANY_USERS = 'Too many connected users';
const TOO_MANY_JOINS = 'ClientJoinRateLimitReached: Too many joins per second';

export interface RealtimeOptions {
  db: Database;
  jwtSecret?: string;
  limits?: Partial<RealtimeLimits>;
  /** Other hubs capture changes on the same database (the demo's tabs): see ChangeCapture.start. */
  sharedDatabase?: boolean;
}

export class RealtimeHub implements Hub {
  readonly connections = new Set<Connection>();
  /** Presence per topic: key → metas. */
  readonly presence = new Map<string, Map<string, Record<string, unknown>[]>>();
  readonly changes: ChangeDispatcher;
  private readonly sweeper: ReturnType<typeof setInterval>;

  /** Use start(): the change capture is in place before the hub exists. */
  protected constructor(
    readonly db: Database,
    readonly capture: ChangeCapture,
    readonly jwtSecret: string,
    readonly limits: RealtimeLimits,
  ) {
    this.changes = new ChangeDispatcher(this);
    this.sweeper = setInterval(
      () => this.sweep(),
      Math.min(15_000, limits.idleTimeoutMs, limits.joinDeadlineMs),
    );
    unref(this.sweeper);
  }

  static async start<T extends RealtimeHub>(
    this: new (db: Database, capture: ChangeCapture, jwtSecret: string, limits: RealtimeLimits) => T,
    { db, jwtSecret = LOCAL_JWT_SECRET, limits = {}, sharedDatabase = false }: RealtimeOptions,
  ): Promise<T> {
    // Changes that arrive before the hub exists have no subscriber to go to.
    const ready: { hub?: T } = {};
    const capture = await ChangeCapture.start(db, (change) => ready.hub?.changes.enqueue(change), {
      shared: sharedDatabase,
    });
    ready.hub = new this(db, capture, jwtSecret, { ...DEFAULT_REALTIME_LIMITS, ...limits });
    return ready.hub;
  }

  /**
   * Whether a socket from `address` may open: within its address's share, and a place free (the
   * oldest socket that holds no channel gives up its place; sockets in use are never closed).
   */
  admit(address: string): boolean {
    let fromAddress = 0;
    let idlest: Connection | null = null;
    for (const connection of this.connections) {
      if (connection.address === address) fromAddress++;
      if (connection.channelless !== null && (!idlest || connection.channelless < (idlest.channelless ?? 0)))
        idlest = connection;
    }
    if (fromAddress >= this.limits.maxConnectionsPerAddress) return false;
    if (this.connections.size < this.limits.maxConnections) return true;
    if (!idlest) return false;
    this.drop(idlest);
    return true;
  }

  /** Closes a connection and forgets it at once (its place is free for the next socket). */
  drop(connection: Connection) {
    connection.socket.terminate();
    if (!this.connections.delete(connection)) return;
    for (const channel of connection.channels.values()) this.leave(connection, channel);
  }

  get connectionCount() {
    return this.connections.size;
  }

  /** Drops every connection at once, as a restart or a network failure would (clients reconnect). */
  disconnectAll() {
    for (const connection of this.connections) connection.socket.terminate();
  }

  async close() {
    clearInterval(this.sweeper);
    this.disconnectAll();
    this.connections.clear();
    await this.changes.idle();
    await this.capture.stop();
  }

  /**
   * Opens a connection on any transport whose apikey was verified: returns what to call with each
   * text frame the client sends and when the connection closes.
   */
  connect(
    socket: RealtimeSocket,
    {
      apikey,
      vsn,
      address = 'local',
      headers = {},
    }: { apikey: string; vsn: Vsn; address?: string; headers?: Record<string, string> },
  ) {
    const connection = new Connection(socket, vsn, apikey, address, headers);
    this.connections.add(connection);
    return {
      message: (data: string | Uint8Array) => {
        connection.lastSeen = Date.now();
        let message: Message;
        try {
          message = typeof data === 'string' ? decode(data, vsn) : decodeUserBroadcastPush(data);
        } catch {
          return socket.close(1003, 'Invalid message');
        }
        void this.handle(connection, message).catch((error: unknown) =>
          console.error('[realtime] unexpected error', error),
        );
      },
      closed: () => this.drop(connection),
    };
  }

  /**
   * Whether an apikey may open a connection (a JWT the project's secret signed, not expired): the one
   * check every transport asks before connect().
   */
  async verifyApikey(apikey: string): Promise<'ok' | 'expired' | 'invalid'> {
    const check = await verifyJwt(apikey, this.jwtSecret);
    return check.ok ? 'ok' : check.reason;
  }

  private sweep() {
    const now = Date.now();
    for (const connection of this.connections)
      if (
        now - connection.lastSeen > this.limits.idleTimeoutMs ||
        (connection.channelless !== null && now - connection.channelless > this.limits.joinDeadlineMs)
      )
        this.drop(connection);
  }

  reply(connection: Connection, message: Message, status: 'ok' | 'error', response: object) {
    connection.send(
      {
        join_ref: message.join_ref,
        ref: message.ref,
        topic: message.topic,
        event: 'phx_reply',
        payload: { status, response },
      },
      this.limits.maxBufferedBytes,
    );
  }

  push(connection: Connection, channel: Channel, event: string, payload: Record<string, unknown>) {
    connection.send(
      { join_ref: channel.joinRef, ref: null, topic: channel.topic, event, payload },
      this.limits.maxBufferedBytes,
    );
  }

  leave(connection: Connection, channel: Channel) {
    if (connection.channels.get(channel.topic) !== channel) return;
    connection.channels.delete(channel.topic);
    if (!connection.channels.size) connection.channelless = Date.now();
    clearTimeout(channel.tokenTimer);
    for (const s of channel.subscriptions) if (s.info) void this.capture.unwatch(s.info);
    untrack(this, channel);
  }

  shutdown(connection: Connection, channel: Channel, reason: string) {
    this.push(connection, channel, 'system', {
      extension: 'system',
      status: 'error',
      message: reason,
      channel: subTopic(channel.topic),
    });
    this.push(connection, channel, 'phx_close', {});
    this.leave(connection, channel);
  }

  private async handle(connection: Connection, message: Message) {
    if (message.topic === 'phoenix' && message.event === 'heartbeat')
      return this.reply(connection, message, 'ok', {});
    const channel = connection.channels.get(message.topic);
    switch (message.event) {
      case 'phx_join':
        // Realtime's limit_joins answers, then disconnects the socket.
        if (!connection.joins.take(this.limits.maxJoinsPerSecond)) {
          this.reply(connection, message, 'error', { reason: TOO_MANY_JOINS });
          return connection.socket.close(1000, 'disconnect');
        }
        return join(this, connection, message);
      case 'phx_leave':
        if (channel) this.leave(connection, channel);
        return this.reply(connection, message, 'ok', {});
      case 'access_token':
        if (channel) await refreshToken(this, connection, channel, message.payload.access_token);
        return;
      case 'presence':
        if (!channel) return this.reply(connection, message, 'error', { reason: 'unmatched topic' });
        return presenceEvent(this, connection, channel, message);
      case 'broadcast':
        if (!channel) return this.reply(connection, message, 'error', { reason: 'unmatched topic' });
        return broadcastEvent(this, connection, channel, message);
      default:
        if (!channel) return this.reply(connection, message, 'error', { reason: 'unmatched topic' });
        // realtime_channel.ex handle_in(type, ...): an event Realtime does not know is counted
        // towards max_events_per_second, logged, and not answered (no reply at all).
        countEvent(this, connection, channel);
        return;
    }
  }
}

/**
 * The stand-in's Realtime: `/realtime/v1/websocket`, the Phoenix channel protocol as
 * @supabase/realtime-js speaks it (serializer 1.0.0 and 2.0.0), with postgres_changes delivered
 * under each subscriber's row-level security, and Broadcast and presence relayed in memory (one
 * server process).
 *
 * The replies and messages follow supabase/realtime's RealtimeChannel: the join reply lists the
 * subscriptions' ids, a `system` message says "Subscribed to PostgreSQL", a token that expires or
 * stops verifying ends the channel with a `system` error and `phx_close`, and limits answer with
 * Realtime's reasons.
 *
 * Private channels (`config.private`) follow Realtime Authorization (./authorization.ts): a join
 * needs a SELECT policy on realtime.messages for the topic, a first track or broadcast an INSERT
 * policy; the answers are kept per channel and asked again when the client sends a new
 * access_token. A public and a private channel of the same name are separate (neither presence nor
 * broadcasts are shared between them).
 *
 * Limits (RealtimeLimits) are applied per connection and per channel, with Realtime's messages;
 * the connection cap is applied when a socket opens (docs/architecture.md, "Realtime limits").
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Database } from '../db';
import { verifyJwt } from '../jwt';
import { LOCAL_JWT_SECRET } from '../keys';
import {
  authorizeRead,
  authorizeWrite,
  xHeaders,
  emptyPolicies,
  type AuthorizationContext,
  type Extension,
  type Policies,
} from './authorization';
import { ChangeCapture, type CapturedChange, type TableInfo } from './capture';
import { parseFilter, passesFilter, type ChangeFilter } from './filters';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeLimits {
  /**
   * Open sockets the server keeps (hosted: max_concurrent_users, counted at join). Applied when a
   * socket opens: past it, the oldest socket that holds no channel is closed to make room, and
   * only when every socket holds one is the new one refused.
   */
  maxConnections: number;
  /** Open sockets one client address may hold (so one machine cannot take every place). */
  maxConnectionsPerAddress: number;
  /** A socket that holds no channel for this long is closed (it only takes a place). */
  joinDeadlineMs: number;
  /** Joins one socket may send a second (hosted: max_joins_per_second, per project). */
  maxJoinsPerSecond: number;
  /** Messages (broadcasts and other client events) one socket may send a second (max_events_per_second). */
  maxEventsPerSecond: number;
  /** Presence events one socket may send a second (max_presence_events_per_second). */
  maxPresenceEventsPerSecond: number;
  /** Presence events one channel may send per window (client_presence_rate_limit: 5 per 30 s). */
  maxChannelPresenceEvents: number;
  channelPresenceWindowMs: number;
  /** Channels one socket may join (hosted: max_channels_per_client, 100). */
  maxChannelsPerConnection: number;
  /** Largest frame a client may send; a larger one closes the socket with 1009. */
  maxMessageBytes: number;
  /** Data queued for a subscriber that does not read; past it the socket is closed, not waited for. */
  maxBufferedBytes: number;
  /** A socket that sends nothing (not even a heartbeat) for this long is closed. */
  idleTimeoutMs: number;
  /** Largest presence state one channel may track (its JSON); more ends the channel. */
  maxPresenceBytes: number;
  /**
   * Largest presence state one topic may hold (all its members' JSON): every member is sent every
   * other member's state, so this bounds what one topic's presence costs to send.
   */
  maxTopicPresenceBytes: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxConnections: 500,
  maxConnectionsPerAddress: 250,
  joinDeadlineMs: 30_000,
  maxJoinsPerSecond: 100,
  maxEventsPerSecond: 100,
  maxPresenceEventsPerSecond: 20,
  maxChannelPresenceEvents: 5,
  channelPresenceWindowMs: 30_000,
  maxChannelsPerConnection: 100,
  maxMessageBytes: 1024 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  idleTimeoutMs: 60_000,
  maxPresenceBytes: 10 * 1024,
  maxTopicPresenceBytes: 64 * 1024,
};

/** Realtime re-checks a token at least this often, and when it expires (RealtimeChannel). */
const CONFIRM_TOKEN_MS = 5 * 60_000;
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE' | '*';

interface Subscription {
  id: number;
  event: ChangeEvent;
  schema: string;
  table: string;
  /** The filter string exactly as the client sent it (the client compares the echo). */
  filterText?: string;
  filter: ChangeFilter | null;
  info: TableInfo | null;
}

interface Channel {
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
  tokenTimer?: NodeJS.Timeout;
  presenceKey: string;
  /** Whether the client has the topic's presence state (it then gets the diffs). */
  presenceSynced: boolean;
  /** This channel's entry among its key's presence metas, while it tracks. */
  presenceRef?: string;
}

interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  /** A binary user broadcast push (serializer 2.0.0, kind 3), as sent. */
  userBroadcast?: UserBroadcast;
}

/** A Broadcast message as realtime-js 2.0.0 frames it in binary: its event, metadata and payload. */
interface UserBroadcast {
  event: string;
  metadata: string;
  /** 1: the payload is JSON text; 0: raw bytes. */
  encoding: 0 | 1;
  payload: Buffer;
}

/** A join's `config` as realtime-js sends it. */
interface JoinConfig {
  postgres_changes?: { event?: string; schema?: string; table?: string; filter?: string }[];
  presence?: { enabled?: boolean; key?: string };
  broadcast?: { self?: boolean; ack?: boolean };
  private?: boolean;
}

type TokenCheck =
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
class PerSecond {
  private times: number[] = [];
  /** Counts one event; false when the limit was already reached within the last second. */
  take(limit: number, now = Date.now()): boolean {
    this.times = this.times.filter((t) => now - t < 1000);
    if (this.times.length >= limit) return false;
    this.times.push(now);
    return true;
  }
}

class Connection {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  /** Since when the socket holds no channel (the join deadline runs from it). */
  channelless: number | null = Date.now();
  readonly joins = new PerSecond();
  readonly events = new PerSecond();
  readonly presenceEvents = new PerSecond();

  constructor(
    readonly socket: RealtimeSocket,
    readonly vsn: '1.0.0' | '2.0.0',
    readonly apikey: string,
    readonly address: string,
    /** The upgrade request's x- headers, what Realtime Authorization sets as request.headers. */
    readonly headers: Record<string, string>,
  ) {}

  send(message: Message, maxBufferedBytes: number) {
    const { join_ref, ref, topic, event, payload } = message;
    this.sendFrame(
      this.vsn === '2.0.0'
        ? JSON.stringify([join_ref, ref, topic, event, payload])
        : JSON.stringify({ join_ref, ref, topic, event, payload }),
      maxBufferedBytes,
    );
  }

  sendFrame(frame: string | Uint8Array, maxBufferedBytes: number) {
    if (!this.socket.isOpen) return;
    // A subscriber that stopped reading is dropped rather than buffered for without end.
    if (this.socket.bufferedAmount > maxBufferedBytes) return this.socket.terminate();
    this.socket.send(frame);
  }
}

export class RealtimeServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  /** Presence per topic: key → metas. */
  private readonly presence = new Map<string, Map<string, Record<string, unknown>[]>>();
  private dispatching: Promise<void> = Promise.resolve();
  private draining = false;
  private readonly pending: CapturedChange[] = [];
  private readonly sweeper: NodeJS.Timeout;

  private constructor(
    private readonly db: Database,
    private readonly capture: ChangeCapture,
    private readonly jwtSecret: string,
    private readonly limits: RealtimeLimits,
  ) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
    this.sweeper = setInterval(
      () => this.sweep(),
      Math.min(15_000, limits.idleTimeoutMs, limits.joinDeadlineMs),
    ).unref();
  }

  static async start({
    db,
    jwtSecret = LOCAL_JWT_SECRET,
    limits = {},
  }: {
    db: Database;
    jwtSecret?: string;
    limits?: Partial<RealtimeLimits>;
  }): Promise<RealtimeServer> {
    // Changes that arrive before the server exists have no subscriber to go to.
    const ready: { server?: RealtimeServer } = {};
    const capture = await ChangeCapture.start(db, (change) => ready.server?.enqueue(change));
    ready.server = new RealtimeServer(db, capture, jwtSecret, { ...DEFAULT_REALTIME_LIMITS, ...limits });
    return ready.server;
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

  /**
   * Whether a socket from `address` may open: within its address's share, and a place free (the
   * oldest socket that holds no channel gives up its place; sockets in use are never closed).
   */
  private admit(address: string): boolean {
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
  private drop(connection: Connection) {
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
    await this.dispatching;
    await this.capture.stop();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(
    ws: WebSocket,
    vsn: '1.0.0' | '2.0.0',
    apikey: string,
    address: string,
    headers: Record<string, string>,
  ) {
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
    }: { apikey: string; vsn: '1.0.0' | '2.0.0'; address?: string; headers?: Record<string, string> },
  ) {
    const connection = new Connection(socket, vsn, apikey, address, headers);
    this.connections.add(connection);
    return {
      message: (data: string | Buffer) => {
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
   * check both transports ask (a server's upgrade here, the MSW WebSocket link in mocks/msw).
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

  private reply(connection: Connection, message: Message, status: 'ok' | 'error', response: object) {
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

  private push(connection: Connection, channel: Channel, event: string, payload: Record<string, unknown>) {
    connection.send(
      { join_ref: channel.joinRef, ref: null, topic: channel.topic, event, payload },
      this.limits.maxBufferedBytes,
    );
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
        return this.join(connection, message);
      case 'phx_leave':
        if (channel) this.leave(connection, channel);
        return this.reply(connection, message, 'ok', {});
      case 'access_token':
        if (channel) await this.refreshToken(connection, channel, message.payload.access_token);
        return;
      case 'presence':
        if (!channel) return this.reply(connection, message, 'error', { reason: 'unmatched topic' });
        return this.presenceEvent(connection, channel, message);
      case 'broadcast':
        if (!channel) return this.reply(connection, message, 'error', { reason: 'unmatched topic' });
        return this.broadcastEvent(connection, channel, message);
      default:
        if (!channel) return this.reply(connection, message, 'error', { reason: 'unmatched topic' });
        // realtime_channel.ex handle_in(type, ...): an event Realtime does not know is counted
        // towards max_events_per_second, logged, and not answered (no reply at all).
        this.countEvent(connection, channel);
        return;
    }
  }

  private async checkToken(token: unknown): Promise<TokenCheck> {
    if (typeof token !== 'string' || token.split('.').length !== 3)
      return { ok: false, reason: 'The token provided is not a valid JWT' };
    const check = await verifyJwt(token, this.jwtSecret);
    if (!check.ok) {
      if (check.reason !== 'expired') return { ok: false, reason: 'The token provided is not a valid JWT' };
      const [, body] = token.split('.');
      const { exp } = JSON.parse(Buffer.from(body, 'base64url').toString()) as { exp: number };
      return { ok: false, reason: `Token has expired ${Math.floor(Date.now() / 1000) - exp} seconds ago` };
    }
    const { role, exp } = check.claims;
    if (typeof role !== 'string' || typeof exp !== 'number')
      return { ok: false, reason: 'Fields `role` and `exp` are required in JWT' };
    if (!API_ROLES.has(role)) return { ok: false, reason: 'The token provided is not a valid JWT' };
    return { ok: true, role, claims: check.claims, expiresInMs: exp * 1000 - Date.now() };
  }

  /**
   * A `phx_join` (realtime_channel.ex join/3), in its steps: room for one more channel, the token,
   * Realtime Authorization for a private channel, the postgres_changes subscriptions, then the
   * channel is opened and the client answered.
   */
  private async join(connection: Connection, message: Message) {
    const previous = connection.channels.get(message.topic);
    if (previous) this.leave(connection, previous);
    if (connection.channels.size >= this.limits.maxChannelsPerConnection)
      return this.reply(connection, message, 'error', {
        reason: 'ChannelRateLimitReached: Too many channels',
      });
    const config = (message.payload.config ?? {}) as JoinConfig;
    const token =
      typeof message.payload.access_token === 'string' ? message.payload.access_token : connection.apikey;
    const check = await this.checkToken(token);
    if (!check.ok) return this.reply(connection, message, 'error', { reason: check.reason });
    const policies =
      config.private === true ? await this.authorizeJoin(connection, message.topic, check, config) : null;
    if (config.private === true && !policies?.broadcast.read && !policies?.presence.read)
      return this.reply(connection, message, 'error', { reason: unauthorizedRead(message.topic) });
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const { subscriptions, problems } = await this.subscribeChanges(requested);
    const channel = await this.openChannel(connection, message, {
      config,
      check,
      token,
      policies,
      subscriptions,
    });
    this.answerJoin(connection, message, channel, requested, problems);
  }

  /**
   * Realtime Authorization: a private join needs a read policy for broadcast or presence
   * (realtime_channel.ex maybe_assign_policies; presence is asked about when enabled at join).
   * Null when the check failed (a policy that raised is a refusal).
   */
  private authorizeJoin(
    connection: Connection,
    topic: string,
    check: TokenCheck & { ok: true },
    config: JoinConfig,
  ) {
    const extensions: Extension[] =
      config.presence?.enabled === true ? ['broadcast', 'presence'] : ['broadcast'];
    return authorizeRead(
      this.db,
      authorizationContext(topic, check, connection),
      extensions,
      emptyPolicies(),
    ).catch(() => null);
  }

  /** The join's postgres_changes, each checked against the catalogue and the publication. */
  private async subscribeChanges(requested: NonNullable<JoinConfig['postgres_changes']>) {
    const subscriptions: Subscription[] = [];
    const problems: string[] = [];
    for (const params of requested) {
      const event = String(params.event ?? '').toUpperCase() as ChangeEvent;
      const schema = String(params.schema ?? '');
      const table = String(params.table ?? '');
      const filterText = typeof params.filter === 'string' && params.filter ? params.filter : undefined;
      const filter = filterText ? parseFilter(filterText) : null;
      const info = schema && table && table !== '*' ? await this.capture.describe(schema, table) : null;
      // A table outside the supabase_realtime publication is refused as a missing one is: hosted
      // Realtime subscribes through the publication and finds neither (realtime.subscription's
      // check answers the same error for both).
      const found = ['INSERT', 'UPDATE', 'DELETE', '*'].includes(event) && info !== null && info.published;
      const columnKnown =
        !filterText || (filter !== null && !!info?.columns.some((c) => c.name === filter.column));
      // Realtime's texts (postgres_cdc_rls/subscriptions.ex create/params_to_log): no table found
      // through the publication, or the filter's column check raising in the database.
      const logged = `[event: ${params.event}, schema: ${schema}, table: ${table}, filters: ${filtersToLog(filter)}, select: nil]`;
      if (!found)
        problems.push(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${logged}`,
        );
      else if (!columnKnown)
        problems.push(
          `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${logged}. Exception: ERROR P0001 (raise_exception) invalid column for filter ${filter?.column ?? filterText}`,
        );
      subscriptions.push({
        id: randomInt(1, 2 ** 47),
        event,
        schema,
        table,
        filterText,
        filter,
        info: found && columnKnown ? info : null,
      });
    }
    return { subscriptions, problems };
  }

  /** Registers the channel; its tables' triggers are in place before the client hears of it. */
  private async openChannel(
    connection: Connection,
    message: Message,
    {
      config,
      check,
      token,
      policies,
      subscriptions,
    }: {
      config: JoinConfig;
      check: TokenCheck & { ok: true };
      token: string;
      policies: Policies | null;
      subscriptions: Subscription[];
    },
  ): Promise<Channel> {
    const isPrivate = config.private === true;
    const channel: Channel = {
      topic: message.topic,
      private: isPrivate,
      policies,
      broadcastSelf: config.broadcast?.self === true,
      broadcastAck: config.broadcast?.ack === true,
      presenceEnabled: isPrivate ? policies?.presence.read === true : true,
      presenceWindow: { count: 0, resetAt: 0 },
      joinRef: message.join_ref,
      subscriptions,
      role: check.role,
      claims: check.claims,
      claimsText: JSON.stringify(check.claims),
      token,
      presenceKey: config.presence?.key || randomUUID(),
      presenceSynced: false,
    };
    connection.channels.set(message.topic, channel);
    connection.channelless = null;
    this.scheduleTokenCheck(connection, channel, check.expiresInMs);
    for (const s of subscriptions) if (s.info) await this.capture.watch(s.info);
    return channel;
  }

  /** The join reply (the subscriptions as asked, with their ids), presence state, the system message. */
  private answerJoin(
    connection: Connection,
    message: Message,
    channel: Channel,
    requested: { event?: string }[],
    problems: string[],
  ) {
    const { subscriptions } = channel;
    this.reply(connection, message, 'ok', {
      postgres_changes: subscriptions.map((s, i) => ({
        id: s.id,
        event: requested[i].event,
        schema: s.schema,
        table: s.table,
        ...(s.filterText ? { filter: s.filterText } : {}),
      })),
    });
    if ((message.payload.config as JoinConfig | undefined)?.presence?.enabled === true)
      this.syncPresence(connection, channel);
    if (subscriptions.length)
      this.push(connection, channel, 'system', {
        extension: 'postgres_changes',
        status: problems.length ? 'error' : 'ok',
        message: problems.length ? problems.join('; ') : 'Subscribed to PostgreSQL',
        channel: subTopic(channel.topic),
      });
  }

  private leave(connection: Connection, channel: Channel) {
    if (connection.channels.get(channel.topic) !== channel) return;
    connection.channels.delete(channel.topic);
    if (!connection.channels.size) connection.channelless = Date.now();
    clearTimeout(channel.tokenTimer);
    for (const s of channel.subscriptions) if (s.info) void this.capture.unwatch(s.info);
    this.untrack(channel);
  }

  /** Realtime's shutdown_response: a `system` error, then the channel closes. */
  private shutdown(connection: Connection, channel: Channel, reason: string) {
    this.push(connection, channel, 'system', {
      extension: 'system',
      status: 'error',
      message: reason,
      channel: subTopic(channel.topic),
    });
    this.push(connection, channel, 'phx_close', {});
    this.leave(connection, channel);
  }

  private scheduleTokenCheck(connection: Connection, channel: Channel, expiresInMs: number) {
    clearTimeout(channel.tokenTimer);
    channel.tokenTimer = setTimeout(
      () => void this.recheck(connection, channel),
      Math.max(0, Math.min(CONFIRM_TOKEN_MS, expiresInMs)),
    );
    channel.tokenTimer.unref();
  }

  private async recheck(connection: Connection, channel: Channel) {
    if (connection.channels.get(channel.topic) !== channel) return;
    const check = await this.checkToken(channel.token);
    if (!check.ok) return this.shutdown(connection, channel, check.reason);
    this.scheduleTokenCheck(connection, channel, check.expiresInMs);
  }

  /**
   * realtime_channel.ex handle_in("access_token"): the same token changes nothing; a new one is
   * verified and, on a private channel, the read policies are asked again under it (the write
   * answers are forgotten, so the next track asks again). A read it no longer has ends the channel.
   */
  private async refreshToken(connection: Connection, channel: Channel, token: unknown) {
    if (token === null || token === undefined || token === channel.token) return;
    if (typeof token === 'string' && token.startsWith('sb_')) return;
    const check = await this.checkToken(token);
    if (connection.channels.get(channel.topic) !== channel) return;
    if (!check.ok) return this.shutdown(connection, channel, check.reason);
    if (channel.private) {
      const previous = channel.policies ?? emptyPolicies();
      const asked = (['broadcast', 'presence'] as const).filter((e) => previous[e].read !== undefined);
      const policies = await authorizeRead(
        this.db,
        authorizationContext(channel.topic, check, connection),
        asked,
        emptyPolicies(),
      ).catch(() => null);
      if (connection.channels.get(channel.topic) !== channel) return;
      const revoked = asked.some((e) => previous[e].read === true && policies?.[e].read !== true);
      if (revoked || !policies)
        return this.shutdown(
          connection,
          channel,
          `You no longer have permission to read from this Channel topic: ${subTopic(channel.topic)}`,
        );
      channel.policies = policies;
    }
    Object.assign(channel, {
      token,
      role: check.role,
      claims: check.claims,
      claimsText: JSON.stringify(check.claims),
    });
    this.scheduleTokenCheck(connection, channel, check.expiresInMs);
  }

  // --- broadcast ------------------------------------------------------------------------------

  /**
   * Counts a client event towards max_events_per_second (Realtime's `count(socket)`); past it the
   * channel ends with Realtime's message. False when it ended.
   */
  private countEvent(connection: Connection, channel: Channel): boolean {
    if (connection.events.take(this.limits.maxEventsPerSecond)) return true;
    this.shutdown(connection, channel, 'Too many messages per second');
    return false;
  }

  /**
   * A `broadcast` message (broadcast_handler.ex): relayed to every channel of the topic (of the
   * same kind, public or private), the sender's own only with `config.broadcast.self`; answered
   * `ok` only with `config.broadcast.ack`, otherwise not at all. On a private channel the write
   * policy is asked at the first send (get_write_authorizations, both extensions as Realtime asks);
   * a send it refuses is dropped without a reply and not counted, and only channels whose read
   * policy admits broadcast receive (message_dispatcher.ex, broadcast_read?).
   */
  private async broadcastEvent(connection: Connection, channel: Channel, message: Message) {
    if (channel.private && channel.policies?.broadcast.write === undefined) {
      let policies: Policies | null;
      try {
        policies = await authorizeWrite(
          this.db,
          authorizationContext(channel.topic, channel, connection),
          ['broadcast', 'presence'],
          channel.policies ?? emptyPolicies(),
        );
      } catch {
        // rls_policy_error and the other failures: logged by Realtime, no reply.
        policies = null;
      }
      if (connection.channels.get(channel.topic) !== channel || !policies) return;
      channel.policies = policies;
    }
    if (channel.private && !channel.policies?.broadcast.write) return;
    if (!this.countEvent(connection, channel)) return;
    for (const other of this.connections) {
      const receiver = other.channels.get(channel.topic);
      if (!receiver || receiver.private !== channel.private) continue;
      if (receiver === channel && !channel.broadcastSelf) continue;
      if (receiver.private && receiver.policies?.broadcast.read !== true) continue;
      other.sendFrame(broadcastFrame(other.vsn, channel.topic, message), this.limits.maxBufferedBytes);
    }
    if (channel.broadcastAck) this.reply(connection, message, 'ok', {});
  }

  // --- presence -------------------------------------------------------------------------------

  /** Presence state is per topic and per kind: a public and a private channel do not share it. */
  private presenceId(channel: Channel) {
    return `${channel.private ? 'private' : 'public'}\n${channel.topic}`;
  }

  private presenceOf(channel: Channel) {
    const id = this.presenceId(channel);
    let state = this.presence.get(id);
    if (!state) this.presence.set(id, (state = new Map()));
    return state;
  }

  /** The topic's whole presence state, once per join; diffs follow it. */
  private syncPresence(connection: Connection, channel: Channel) {
    if (channel.presenceSynced || !channel.presenceEnabled) return;
    channel.presenceSynced = true;
    const state = this.presence.get(this.presenceId(channel)) ?? new Map<string, unknown[]>();
    const payload = Object.fromEntries([...state].map(([key, metas]) => [key, { metas }]));
    this.push(connection, channel, 'presence_state', payload);
  }

  private broadcastPresence(from: Channel, diff: { joins: object; leaves: object }) {
    for (const connection of this.connections) {
      const channel = connection.channels.get(from.topic);
      if (channel?.presenceSynced && channel.private === from.private)
        this.push(connection, channel, 'presence_diff', diff);
    }
  }

  /**
   * A `presence` message (presence_handler.ex): the channel's and the connection's presence rates
   * first, then, on a private channel, the write policy (asked once, at the first track).
   */
  private async presenceEvent(connection: Connection, channel: Channel, message: Message) {
    const now = Date.now();
    const window = channel.presenceWindow;
    if (now > window.resetAt)
      Object.assign(window, { count: 0, resetAt: now + this.limits.channelPresenceWindowMs });
    if (window.count >= this.limits.maxChannelPresenceEvents)
      return this.shutdown(connection, channel, 'Client presence rate limit exceeded');
    window.count++;
    if (!connection.presenceEvents.take(this.limits.maxPresenceEventsPerSecond))
      return this.shutdown(connection, channel, 'Too many presence messages per second');

    const payload = message.payload;
    // presence_handler.ex: the event's name in any case; a track's payload must be an object.
    const event = String(payload.event ?? '').toLowerCase();
    if (event !== 'track' && event !== 'untrack') return this.reply(connection, message, 'error', {});
    const tracked = payload.payload ?? {};
    if (event === 'track' && (typeof tracked !== 'object' || Array.isArray(tracked)))
      return this.reply(connection, message, 'error', { reason: 'Presence track payload must be a map' });
    if (event === 'track' && channel.private && channel.policies?.presence.write === undefined) {
      const context = authorizationContext(channel.topic, channel, connection);
      let policies: Policies | null = channel.policies ?? emptyPolicies();
      try {
        if (policies.presence.read === undefined)
          policies = await authorizeRead(this.db, context, ['presence'], policies);
        policies = await authorizeWrite(this.db, context, ['broadcast', 'presence'], policies);
      } catch {
        policies = null;
      }
      if (connection.channels.get(channel.topic) !== channel) return;
      if (!policies) return this.reply(connection, message, 'error', {});
      channel.policies = policies;
      channel.presenceEnabled = policies.presence.read === true;
    }
    if (event === 'track' && channel.private && !channel.policies?.presence.write)
      // Realtime answers an unauthorized track with a bare error reply (UnableToHandlePresence).
      return this.reply(connection, message, 'error', {});
    this.updatePresence(connection, channel, event, tracked as Record<string, unknown>);
    if (connection.channels.get(channel.topic) === channel) this.reply(connection, message, 'ok', {});
  }

  private updatePresence(
    connection: Connection,
    channel: Channel,
    event: 'track' | 'untrack',
    tracked: Record<string, unknown>,
  ) {
    // A client that tracks without having asked for presence at join gets the state first.
    this.syncPresence(connection, channel);
    if (event === 'untrack') return this.untrack(channel);
    // Presence lives in the server's memory: each channel's share of it is bounded.
    const size = JSON.stringify(tracked).length;
    if (size > this.limits.maxPresenceBytes)
      return this.shutdown(connection, channel, 'Track message size exceeded');
    const key = channel.presenceKey;
    const state = this.presenceOf(channel);
    const metas = state.get(key) ?? [];
    // One meta per channel: a second tab of the same user adds its own, a re-track replaces.
    const left = metas.filter((m) => m.phx_ref === channel.presenceRef);
    // So does the topic's: every member is sent every other one's state, so a topic's presence
    // costs its size times its members to send.
    let topicBytes = size;
    for (const others of state.values())
      for (const meta of others) if (!left.includes(meta)) topicBytes += JSON.stringify(meta).length;
    if (topicBytes > this.limits.maxTopicPresenceBytes)
      return this.shutdown(connection, channel, 'Track message size exceeded');
    const meta = { ...tracked, phx_ref: randomUUID() };
    channel.presenceRef = meta.phx_ref;
    state.set(key, [...metas.filter((m) => !left.includes(m)), meta]);
    this.broadcastPresence(channel, {
      joins: { [key]: { metas: [meta] } },
      leaves: left.length ? { [key]: { metas: left } } : {},
    });
  }

  private untrack(channel: Channel) {
    const key = channel.presenceKey;
    const id = this.presenceId(channel);
    const state = this.presence.get(id);
    const metas = state?.get(key);
    const left = metas?.filter((m) => m.phx_ref === channel.presenceRef) ?? [];
    channel.presenceRef = undefined;
    if (!state || !metas || !left.length) return;
    const rest = metas.filter((m) => !left.includes(m));
    if (rest.length) state.set(key, rest);
    else state.delete(key);
    if (!state.size) this.presence.delete(id);
    this.broadcastPresence(channel, { joins: {}, leaves: { [key]: { metas: left } } });
  }

  // --- changes --------------------------------------------------------------------------------

  /**
   * Changes are sent in commit order. Those that wait while a batch is checked go together in the
   * next one (one RLS query per table and batch), so a burst of writes does not queue one database
   * round trip per change. Sends never wait for a client (a slow one is dropped, see Connection).
   * One drain runs at a time and runs until the queue is empty: a batch whose check fails is
   * settled (checkBatch) and the loop goes on, so no failure leaves changes behind it unsent.
   */
  private enqueue(change: CapturedChange) {
    this.pending.push(change);
    if (this.draining) return;
    this.draining = true;
    this.dispatching = this.drain().finally(() => (this.draining = false));
  }

  private async drain() {
    while (this.pending.length) {
      const batch = this.pending.splice(0, MAX_BATCH);
      const planned = batch.map((change) => this.plan(change));
      const verdicts = await this.checkBatch(planned);
      planned.forEach((plan, i) => this.send(plan, verdicts[i]));
    }
  }

  /**
   * The batch's RLS verdicts. When the batch's query fails (a policy that raises for one row fails
   * the whole query), each change is asked alone, so one bad row costs only itself; a change whose
   * own check fails is withheld from every subscriber RLS applies to (deletes, which RLS does not
   * filter, still go out). Hosted Realtime fails closed the same way: its poll query raises, is
   * retried, and no subscriber gets a row its policies could not be evaluated for
   * (lib/extensions/postgres_cdc_rls/replication_poller.ex, retry_or_stop). The `errors` hosted
   * sends in a change are apply_rls's own answers (400 no primary key, 401, 413), not exceptions.
   */
  private async checkBatch(planned: Plan[]): Promise<(Set<string> | null)[]> {
    try {
      return await this.checkRls(planned);
    } catch (batchError) {
      console.error('[realtime] RLS check failed for a batch; checking its changes one by one', batchError);
      const verdicts: (Set<string> | null)[] = [];
      for (const plan of planned)
        verdicts.push(
          await this.checkRls([plan]).then(
            ([verdict]) => verdict,
            () => new Set<string>(),
          ),
        );
      return verdicts;
    }
  }

  /** The subscriptions a change matches by table, event and filter (RLS comes next). */
  private plan(change: CapturedChange) {
    const matches: Match[] = [];
    let info: TableInfo | null = null;
    for (const connection of this.connections)
      for (const channel of connection.channels.values())
        for (const subscription of channel.subscriptions) {
          if (
            !subscription.info ||
            subscription.schema !== change.schema ||
            subscription.table !== change.table
          )
            continue;
          if (subscription.event !== '*' && subscription.event !== change.type) continue;
          info = subscription.info;
          if (subscription.filter) {
            const row = change.type === 'DELETE' ? change.old_record : change.record;
            const type = info.columns.find((c) => c.name === subscription.filter?.column)?.type ?? 'text';
            if (!row || !(subscription.filter.column in row) || !passesFilter(row, subscription.filter, type))
              continue;
          }
          matches.push({ connection, channel, subscription });
        }
    return { change, info, matches };
  }

  /**
   * INSERT and UPDATE reach those who may select the row now (realtime.apply_rls); DELETE is not
   * filtered by RLS on hosted either, and its old record holds the primary key only. Returns, per
   * planned change, the identities (role + claims) that may see it, or null for "everyone matched".
   */
  private async checkRls(planned: Plan[]): Promise<(Set<string> | null)[]> {
    const verdicts: (Set<string> | null)[] = planned.map(() => null);
    const byTable = new Map<
      string,
      { info: TableInfo; indexes: number[]; identities: Map<string, Identity> }
    >();
    planned.forEach(({ change, info, matches }, i) => {
      if (!info || !matches.length || change.type === 'DELETE' || !change.record) return;
      const group = byTable.get(info.qualified) ?? { info, indexes: [] as number[], identities: new Map() };
      group.indexes.push(i);
      for (const { channel } of matches)
        group.identities.set(identityKey(channel), { role: channel.role, claims: channel.claimsText });
      byTable.set(info.qualified, group);
      verdicts[i] = new Set();
    });
    for (const { info, indexes, identities } of byTable.values()) {
      const keys = [...identities.keys()];
      const rows = indexes.map((i) =>
        Object.fromEntries(info.primaryKey.map((k) => [k, planned[i].change.record?.[k]])),
      );
      const answers = await this.capture.visibleTo(info, rows, [...identities.values()]);
      keys.forEach((key, identity) =>
        indexes.forEach((i, row) => answers[identity][row] && verdicts[i]?.add(key)),
      );
    }
    return verdicts;
  }

  private send({ change, info, matches }: Plan, allowed: Set<string> | null) {
    if (!info || !matches.length) return;
    const data = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
      columns: info.columns,
      ...(change.type !== 'DELETE' ? { record: change.record } : {}),
      ...(change.type !== 'INSERT' ? { old_record: change.old_record ?? {} } : {}),
      errors: null,
    };
    // One message per channel, naming every subscription of it that matched.
    const perChannel = new Map<Channel, { connection: Connection; ids: number[] }>();
    for (const { connection, channel, subscription } of matches) {
      if (allowed && !allowed.has(identityKey(channel))) continue;
      const entry = perChannel.get(channel) ?? { connection, ids: [] as number[] };
      entry.ids.push(subscription.id);
      perChannel.set(channel, entry);
    }
    for (const [channel, { connection, ids }] of perChannel)
      this.push(connection, channel, 'postgres_changes', { ids, data });
  }
}

/** Changes checked and sent together at most (a longer backlog goes in several batches). */
const MAX_BATCH = 200;

interface Match {
  connection: Connection;
  channel: Channel;
  subscription: Subscription;
}
interface Plan {
  change: CapturedChange;
  info: TableInfo | null;
  matches: Match[];
}
interface Identity {
  role: string;
  claims: string;
}
const identityKey = (channel: Channel) => `${channel.role}\n${channel.claimsText}`;

function decode(text: string, vsn: '1.0.0' | '2.0.0'): Message {
  const parsed: unknown = JSON.parse(text);
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new Error('Invalid message');
    const [join_ref, ref, topic, event, payload] = parsed as [
      string | null,
      string | null,
      string,
      string,
      object,
    ];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new Error('Invalid message');
    return { join_ref, ref, topic, event, payload: (payload ?? {}) as Record<string, unknown> };
  }
  const m = parsed as Partial<Message>;
  if (!m || typeof m.topic !== 'string' || typeof m.event !== 'string') throw new Error('Invalid message');
  return {
    join_ref: m.join_ref ?? null,
    ref: m.ref ?? null,
    topic: m.topic,
    event: m.event,
    payload: (m.payload ?? {}) as Record<string, unknown>,
  };
}

/** A filter as Realtime logs its subscription params: `[{"column", "op", "value", false}]`. */
function filtersToLog(filter: ChangeFilter | null) {
  if (!filter) return '[]';
  const value = filter.op === 'in' ? `(${filter.values.join(',')})` : filter.values[0];
  return `[{${[filter.column, filter.op, value].map((v) => JSON.stringify(v)).join(', ')}, false}]`;
}

/** Realtime's reason for a private join no read policy admits (authorization refused). */
const unauthorizedRead = (topic: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(topic)}`;
/** limit_max_users (hosted logs it as ConnectionRateLimitReached). */
const TOO_MANY_USERS = 'Too many connected users';
const TOO_MANY_JOINS = 'ClientJoinRateLimitReached: Too many joins per second';

function authorizationContext(
  topic: string,
  identity: { role: string; claims: Record<string, unknown> },
  connection: Connection,
): AuthorizationContext {
  return {
    topic: subTopic(topic),
    role: identity.role,
    claims: identity.claims,
    headers: connection.headers,
  };
}

/** A refused upgrade: an HTTP answer with Realtime's JSON `message`, then the socket closes. */
function refuseUpgrade(socket: Duplex, status: string, message: string) {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The channel name without Phoenix's `realtime:` prefix, as Realtime's system messages carry it. */
function subTopic(topic: string) {
  return topic.replace(/^realtime:/, '');
}

/** ws hands a binary frame as a Buffer, an ArrayBuffer or fragments. */
function rawBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/**
 * A binary user broadcast push (realtime-js serializer.js `_encodeUserBroadcastPush`, Realtime's
 * RealtimeWeb.Socket.V2Serializer): kind 3, then the lengths of join_ref, ref, topic, event and
 * metadata, the payload's encoding, those strings, and the payload. Anything else is invalid.
 */
function decodeUserBroadcastPush(data: Buffer): Message {
  if (data.length < 7 || data[0] !== 3) throw new Error('Invalid message');
  const encoding = data[6];
  if (encoding !== 0 && encoding !== 1) throw new Error('Invalid message');
  let offset = 7;
  const [joinRef, ref, topic, event, metadata] = [data[1], data[2], data[3], data[4], data[5]].map(
    (length) => {
      const text = data.subarray(offset, offset + length).toString();
      offset += length;
      return text;
    },
  );
  if (offset > data.length) throw new Error('Invalid message');
  const payload = data.subarray(offset);
  if (encoding === 1) JSON.parse(payload.toString());
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event },
    userBroadcast: { event, metadata, encoding, payload },
  };
}

/**
 * What a receiver gets for a broadcast: a user broadcast sent in binary goes out in binary to a
 * 2.0.0 client (kind 4: topic, event, metadata, encoding, payload) and as JSON to a 1.0.0 one; a
 * broadcast sent as JSON goes out as JSON, its payload as sent. Neither carries a join_ref or ref.
 */
function broadcastFrame(vsn: '1.0.0' | '2.0.0', topic: string, message: Message): string | Uint8Array {
  const user = message.userBroadcast;
  if (user && vsn === '2.0.0') {
    const head = [topic, user.event, user.metadata].map((text) => Buffer.from(text));
    return Buffer.concat([
      Buffer.from([4, head[0].length, head[1].length, head[2].length, user.encoding]),
      ...head,
      user.payload,
    ]);
  }
  const payload = user
    ? {
        type: 'broadcast',
        event: user.event,
        // A 1.0.0 client cannot take raw bytes in JSON: they go as base64 text.
        payload:
          user.encoding === 1
            ? (JSON.parse(user.payload.toString()) as unknown)
            : user.payload.toString('base64'),
      }
    : message.payload;
  const frame = { join_ref: null, ref: null, topic, event: 'broadcast', payload };
  return vsn === '2.0.0' ? JSON.stringify([null, null, topic, 'broadcast', payload]) : JSON.stringify(frame);
}

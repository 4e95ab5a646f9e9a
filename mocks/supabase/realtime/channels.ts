/**
 * Channels: a join (its token, Realtime Authorization for a private channel, its postgres_changes),
 * the token's later checks and refreshes (realtime_channel.ex); a leave and a shutdown are the hub's.
 */
import {
  authorizationContext,
  authorizeRead,
  emptyPolicies,
  type Extension,
  type Policies,
} from './authorization';
import {
  unref,
  type Channel,
  type Connection,
  type Hub,
  type Subscription,
  type TokenCheck,
} from './connection';
import { subscribeChanges } from './postgresChanges';
import { syncPresence } from './presence';
import { subTopic, type JoinConfig, type Message } from './protocol';
import { verifyJwt } from '../jwt';

/** Realtime re-checks a token at least this often, and when it expires (RealtimeChannel). */
const CONFIRM_TOKEN_MS = 5 * 60_000;
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** Realtime's reason for a private join no read policy admits (authorization refused). */
const unauthorizedRead = (topic: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(topic)}`;

export async function checkToken(hub: Hub, token: unknown): Promise<TokenCheck> {
  if (typeof token !== 'string' || token.split('.').length !== 3)
    return { ok: false, reason: 'The token provided is not a valid JWT' };
  const check = await verifyJwt(token, hub.jwtSecret);
  if (!check.ok) {
    if (check.reason !== 'expired') return { ok: false, reason: 'The token provided is not a valid JWT' };
    const [, body] = token.split('.');
    const { exp } = JSON.parse(base64UrlText(body)) as { exp: number };
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
export async function join(hub: Hub, connection: Connection, message: Message) {
  const previous = connection.channels.get(message.topic);
  if (previous) hub.leave(connection, previous);
  if (connection.channels.size >= hub.limits.maxChannelsPerConnection)
    return hub.reply(connection, message, 'error', {
      reason: 'ChannelRateLimitReached: Too many channels',
    });
  const config = (message.payload.config ?? {}) as JoinConfig;
  const token =
    typeof message.payload.access_token === 'string' ? message.payload.access_token : connection.apikey;
  const check = await checkToken(hub, token);
  if (!check.ok) return hub.reply(connection, message, 'error', { reason: check.reason });
  const policies =
    config.private === true ? await authorizeJoin(hub, connection, message.topic, check, config) : null;
  if (config.private === true && !policies?.broadcast.read && !policies?.presence.read)
    return hub.reply(connection, message, 'error', { reason: unauthorizedRead(message.topic) });
  const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
  const { subscriptions, problems } = await subscribeChanges(hub, requested);
  const channel = await openChannel(hub, connection, message, {
    config,
    check,
    token,
    policies,
    subscriptions,
  });
  answerJoin(hub, connection, message, channel, requested, problems);
}

/**
 * Realtime Authorization: a private join needs a read policy for broadcast or presence
 * (realtime_channel.ex maybe_assign_policies; presence is asked about when enabled at join).
 * Null when the check failed (a policy that raised is a refusal).
 */
export function authorizeJoin(
  hub: Hub,
  connection: Connection,
  topic: string,
  check: TokenCheck & { ok: true },
  config: JoinConfig,
) {
  const extensions: Extension[] =
    config.presence?.enabled === true ? ['broadcast', 'presence'] : ['broadcast'];
  return authorizeRead(
    hub.db,
    authorizationContext(topic, check, connection),
    extensions,
    emptyPolicies(),
  ).catch(() => null);
}

/** Registers the channel; its tables' triggers are in place before the client hears of it. */
export async function openChannel(
  hub: Hub,
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
    presenceKey: config.presence?.key || crypto.randomUUID(),
    presenceSynced: false,
  };
  connection.channels.set(message.topic, channel);
  connection.channelless = null;
  scheduleTokenCheck(hub, connection, channel, check.expiresInMs);
  for (const s of subscriptions) if (s.info) await hub.capture.watch(s.info);
  return channel;
}

/** The join reply (the subscriptions as asked, with their ids), presence state, the system message. */
export function answerJoin(
  hub: Hub,
  connection: Connection,
  message: Message,
  channel: Channel,
  requested: { event?: string }[],
  problems: string[],
) {
  const { subscriptions } = channel;
  hub.reply(connection, message, 'ok', {
    postgres_changes: subscriptions.map((s, i) => ({
      id: s.id,
      event: requested[i].event,
      schema: s.schema,
      table: s.table,
      ...(s.filterText ? { filter: s.filterText } : {}),
    })),
  });
  if ((message.payload.config as JoinConfig | undefined)?.presence?.enabled === true)
    syncPresence(hub, connection, channel);
  if (subscriptions.length)
    hub.push(connection, channel, 'system', {
      extension: 'postgres_changes',
      status: problems.length ? 'error' : 'ok',
      message: problems.length ? problems.join('; ') : 'Subscribed to PostgreSQL',
      channel: subTopic(channel.topic),
    });
}

export function scheduleTokenCheck(hub: Hub, connection: Connection, channel: Channel, expiresInMs: number) {
  clearTimeout(channel.tokenTimer);
  channel.tokenTimer = setTimeout(
    () => void recheck(hub, connection, channel),
    Math.max(0, Math.min(CONFIRM_TOKEN_MS, expiresInMs)),
  );
  unref(channel.tokenTimer);
}

export async function recheck(hub: Hub, connection: Connection, channel: Channel) {
  if (connection.channels.get(channel.topic) !== channel) return;
  const check = await checkToken(hub, channel.token);
  if (!check.ok) return hub.shutdown(connection, channel, check.reason);
  scheduleTokenCheck(hub, connection, channel, check.expiresInMs);
}

/**
 * realtime_channel.ex handle_in("access_token"): the same token changes nothing; a new one is
 * verified and, on a private channel, the read policies are asked again under it (the write
 * answers are forgotten, so the next track asks again). A read it no longer has ends the channel.
 */
export async function refreshToken(hub: Hub, connection: Connection, channel: Channel, token: unknown) {
  if (token === null || token === undefined || token === channel.token) return;
  if (typeof token === 'string' && token.startsWith('sb_')) return;
  const check = await checkToken(hub, token);
  if (connection.channels.get(channel.topic) !== channel) return;
  if (!check.ok) return hub.shutdown(connection, channel, check.reason);
  if (channel.private) {
    const previous = channel.policies ?? emptyPolicies();
    const asked = (['broadcast', 'presence'] as const).filter((e) => previous[e].read !== undefined);
    const policies = await authorizeRead(
      hub.db,
      authorizationContext(channel.topic, check, connection),
      asked,
      emptyPolicies(),
    ).catch(() => null);
    if (connection.channels.get(channel.topic) !== channel) return;
    const revoked = asked.some((e) => previous[e].read === true && policies?.[e].read !== true);
    if (revoked || !policies)
      return hub.shutdown(
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
  scheduleTokenCheck(hub, connection, channel, check.expiresInMs);
}

/** A JWT's base64url segment as text (atob takes base64 only). */
function base64UrlText(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Presence (presence_handler.ex): per topic and per kind (a public and a private channel do not
 * share it), in this process's memory, each channel's and each topic's share bounded.
 */
import {
  authorizationContext,
  authorizeRead,
  authorizeWrite,
  emptyPolicies,
  type Policies,
} from './authorization';
import type { Channel, Connection, Hub } from './connection';
import type { Message } from './protocol';

/** Presence state is per topic and per kind: a public and a private channel do not share it. */
export function presenceId(channel: Channel) {
  return `${channel.private ? 'private' : 'public'}\n${channel.topic}`;
}

export function presenceOf(hub: Hub, channel: Channel) {
  const id = presenceId(channel);
  let state = hub.presence.get(id);
  if (!state) hub.presence.set(id, (state = new Map()));
  return state;
}

/** The topic's whole presence state, once per join; diffs follow it. */
export function syncPresence(hub: Hub, connection: Connection, channel: Channel) {
  if (channel.presenceSynced || !channel.presenceEnabled) return;
  channel.presenceSynced = true;
  const state = hub.presence.get(presenceId(channel)) ?? new Map<string, unknown[]>();
  const payload = Object.fromEntries([...state].map(([key, metas]) => [key, { metas }]));
  hub.push(connection, channel, 'presence_state', payload);
}

export function broadcastPresence(hub: Hub, from: Channel, diff: { joins: object; leaves: object }) {
  for (const connection of hub.connections) {
    const channel = connection.channels.get(from.topic);
    if (channel?.presenceSynced && channel.private === from.private)
      hub.push(connection, channel, 'presence_diff', diff);
  }
}

/**
 * A `presence` message (presence_handler.ex): the channel's and the connection's presence rates
 * first, then, on a private channel, the write policy (asked once, at the first track).
 */
export async function presenceEvent(hub: Hub, connection: Connection, channel: Channel, message: Message) {
  const now = Date.now();
  const window = channel.presenceWindow;
  if (now > window.resetAt)
    Object.assign(window, { count: 0, resetAt: now + hub.limits.channelPresenceWindowMs });
  if (window.count >= hub.limits.maxChannelPresenceEvents)
    return hub.shutdown(connection, channel, 'Client presence rate limit exceeded');
  window.count++;
  if (!connection.presenceEvents.take(hub.limits.maxPresenceEventsPerSecond))
    return hub.shutdown(connection, channel, 'Too many presence messages per second');

  const payload = message.payload;
  // presence_handler.ex: the event's name in any case; a track's payload must be an object.
  const event = String(payload.event ?? '').toLowerCase();
  if (event !== 'track' && event !== 'untrack') return hub.reply(connection, message, 'error', {});
  const tracked = payload.payload ?? {};
  if (event === 'track' && (typeof tracked !== 'object' || Array.isArray(tracked)))
    return hub.reply(connection, message, 'error', { reason: 'Presence track payload must be a map' });
  if (event === 'track' && channel.private && channel.policies?.presence.write === undefined) {
    const context = authorizationContext(channel.topic, channel, connection);
    let policies: Policies | null = channel.policies ?? emptyPolicies();
    try {
      if (policies.presence.read === undefined)
        policies = await authorizeRead(hub.db, context, ['presence'], policies);
      policies = await authorizeWrite(hub.db, context, ['broadcast', 'presence'], policies);
    } catch {
      policies = null;
    }
    if (connection.channels.get(channel.topic) !== channel) return;
    if (!policies) return hub.reply(connection, message, 'error', {});
    channel.policies = policies;
    channel.presenceEnabled = policies.presence.read === true;
  }
  if (event === 'track' && channel.private && !channel.policies?.presence.write)
    // Realtime answers an unauthorized track with a bare error reply (UnableToHandlePresence).
    return hub.reply(connection, message, 'error', {});
  updatePresence(hub, connection, channel, event, tracked as Record<string, unknown>);
  if (connection.channels.get(channel.topic) === channel) hub.reply(connection, message, 'ok', {});
}

export function updatePresence(
  hub: Hub,
  connection: Connection,
  channel: Channel,
  event: 'track' | 'untrack',
  tracked: Record<string, unknown>,
) {
  // A client that tracks without having asked for presence at join gets the state first.
  syncPresence(hub, connection, channel);
  if (event === 'untrack') return untrack(hub, channel);
  // Presence lives in the server's memory: each channel's share of it is bounded.
  const size = JSON.stringify(tracked).length;
  if (size > hub.limits.maxPresenceBytes)
    return hub.shutdown(connection, channel, 'Track message size exceeded');
  const key = channel.presenceKey;
  const state = presenceOf(hub, channel);
  const metas = state.get(key) ?? [];
  // One meta per channel: a second tab of the same user adds its own, a re-track replaces.
  const left = metas.filter((m) => m.phx_ref === channel.presenceRef);
  // So does the topic's: every member is sent every other one's state, so a topic's presence
  // costs its size times its members to send.
  let topicBytes = size;
  for (const others of state.values())
    for (const meta of others) if (!left.includes(meta)) topicBytes += JSON.stringify(meta).length;
  if (topicBytes > hub.limits.maxTopicPresenceBytes)
    return hub.shutdown(connection, channel, 'Track message size exceeded');
  const meta = { ...tracked, phx_ref: crypto.randomUUID() };
  channel.presenceRef = meta.phx_ref;
  state.set(key, [...metas.filter((m) => !left.includes(m)), meta]);
  broadcastPresence(hub, channel, {
    joins: { [key]: { metas: [meta] } },
    leaves: left.length ? { [key]: { metas: left } } : {},
  });
}

export function untrack(hub: Hub, channel: Channel) {
  const key = channel.presenceKey;
  const id = presenceId(channel);
  const state = hub.presence.get(id);
  const metas = state?.get(key);
  const left = metas?.filter((m) => m.phx_ref === channel.presenceRef) ?? [];
  channel.presenceRef = undefined;
  if (!state || !metas || !left.length) return;
  const rest = metas.filter((m) => !left.includes(m));
  if (rest.length) state.set(key, rest);
  else state.delete(key);
  if (!state.size) hub.presence.delete(id);
  broadcastPresence(hub, channel, { joins: {}, leaves: { [key]: { metas: left } } });
}

/** Broadcast (broadcast_handler.ex): relayed in memory to the topic's channels of the same kind. */
import { authorizationContext, authorizeWrite, emptyPolicies, type Policies } from './authorization';
import type { Channel, Connection, Hub } from './connection';
import { broadcastFrame, type Message } from './protocol';

/**
 * Counts a client event towards max_events_per_second (Realtime's `count(socket)`); past it the
 * channel ends with Realtime's message. False when it ended.
 */
export function countEvent(hub: Hub, connection: Connection, channel: Channel): boolean {
  if (connection.events.take(hub.limits.maxEventsPerSecond)) return true;
  hub.shutdown(connection, channel, 'Too many messages per second');
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
export async function broadcastEvent(hub: Hub, connection: Connection, channel: Channel, message: Message) {
  if (channel.private && channel.policies?.broadcast.write === undefined) {
    let policies: Policies | null;
    try {
      policies = await authorizeWrite(
        hub.db,
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
  if (!countEvent(hub, connection, channel)) return;
  for (const other of hub.connections) {
    const receiver = other.channels.get(channel.topic);
    if (!receiver || receiver.private !== channel.private) continue;
    if (receiver === channel && !channel.broadcastSelf) continue;
    if (receiver.private && receiver.policies?.broadcast.read !== true) continue;
    other.sendFrame(broadcastFrame(other.vsn, channel.topic, message), hub.limits.maxBufferedBytes);
  }
  if (channel.broadcastAck) hub.reply(connection, message, 'ok', {});
}

/** Realtime's limits (docs/architecture.md, "Realtime limits"), per connection and per channel. */

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

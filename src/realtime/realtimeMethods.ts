import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type { Identifier } from 'react-admin';
import type { DatabaseClient } from '../domain/database';
import { baseTable, type ResourceData } from '../providers/resourceData';
import { watchOpenBy, type PresentOperator } from './openBy';

/**
 * react-admin's realtime contract (the data provider's `subscribe`, `unsubscribe` and `publish`,
 * as ra-realtime documents it) over Supabase Realtime's postgres_changes: topic `resource/{name}`
 * follows a resource's table, `resource/{name}/{id}` one of its records. Events are
 * `{ type: 'created' | 'updated' | 'deleted', topic, payload: { ids, record? }, date }`, plus
 * `joined` once the topic's channel is first joined (Realtime sends only what commits after that, so
 * a screen that read its rows before checks them again: see LiveRows), and `resync` after a
 * connection came back (what changed meanwhile was not sent: refetch).
 *
 * One Supabase channel per topic, shared by every callback on it; the database decides per
 * subscriber which rows reach it (row-level security), so a callback only hears of rows its
 * operator may read. Deletes carry the id only (hosted Realtime does not filter them by RLS).
 */
export type LiveEventType = 'created' | 'updated' | 'deleted' | 'joined' | 'resync';

export interface LiveEvent {
  type: LiveEventType;
  topic: string;
  payload: { ids: Identifier[]; record?: Record<string, unknown> };
  date: Date;
}

export type LiveCallback = (event: LiveEvent) => void;

/** The connection as the "Live Data" badge shows it. */
export type LiveStatus =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'reconnecting'; since: Date }
  | { state: 'offline'; since: Date };

const EVENT_TYPES = { INSERT: 'created', UPDATE: 'updated', DELETE: 'deleted' } as const;

interface Topic {
  channel: RealtimeChannel;
  callbacks: Set<LiveCallback>;
  /** Set once the channel was subscribed; a later SUBSCRIBED is a resubscription after a drop. */
  subscribed: boolean;
  failed: boolean;
  /**
   * Set while the server has closed the topic's channel (a token it refused, a limit): realtime-js
   * never rejoins a closed channel, so the topic opens a new one after `rejoinDelayMs`.
   */
  closed?: { since: Date; attempts: number; timer?: ReturnType<typeof setTimeout> };
}

/**
 * Waits before rejoining a topic the server closed, by how many times in a row it was closed: the
 * first rejoin comes at once in effect, later ones back off so a refused token does not loop.
 */
const REJOIN_DELAYS_MS = [1_000, 5_000, 15_000, 30_000];
const defaultRejoinDelay = (attempt: number) =>
  REJOIN_DELAYS_MS[Math.min(attempt - 1, REJOIN_DELAYS_MS.length - 1)];

/**
 * A topic closed this many times in a row shows "Offline since …" instead of "Reconnecting"; so
 * does one whose rejoin was refused (realtime-js then retries that join itself, with the token
 * the client holds by then).
 */
const CLOSES_BEFORE_OFFLINE = 2;

/** Parses `resource/{name}` or `resource/{name}/{id}`. */
export function parseTopic(topic: string): { resource: string; id?: string } | null {
  const match = /^resource\/([^/]+)(?:\/([^/]+))?$/.exec(topic);
  return match ? { resource: match[1], ...(match[2] ? { id: match[2] } : {}) } : null;
}

export function createRealtimeMethods(
  client: DatabaseClient,
  resources: readonly ResourceData[],
  { rejoinDelayMs = defaultRejoinDelay }: { rejoinDelayMs?: (attempt: number) => number } = {},
) {
  const tables = new Map(resources.flatMap((r) => (r.live ? [[r.name, baseTable(r)] as const] : [])));
  const topics = new Map<string, Topic>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let status: LiveStatus = { state: 'connecting' };

  const setStatus = (next: LiveStatus) => {
    if (next.state === status.state) return;
    status = next;
    statusListeners.forEach((listener) => listener(status));
  };
  const recompute = () => {
    const all = [...topics.values()];
    if (typeof navigator !== 'undefined' && !navigator.onLine)
      return setStatus({ state: 'offline', since: new Date() });
    // A closed topic whose rejoin failed too (closed again, or its join refused) is offline.
    const closedFor = all.flatMap((t) =>
      t.closed && (t.failed || t.closed.attempts >= CLOSES_BEFORE_OFFLINE) ? [t.closed.since] : [],
    );
    if (closedFor.length)
      return setStatus({ state: 'offline', since: new Date(Math.min(...closedFor.map((d) => d.getTime()))) });
    if (all.some((t) => t.failed || t.closed)) return setStatus({ state: 'reconnecting', since: new Date() });
    if (all.length && all.every((t) => t.subscribed)) setStatus({ state: 'live' });
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', recompute);
    window.addEventListener('online', recompute);
  }

  const emit = (topic: string, event: LiveEvent) => topics.get(topic)?.callbacks.forEach((cb) => cb(event));

  /**
   * The server closed `topic`'s channel: after a delay, a new channel with a fresh token (the
   * client's access-token callback, which refreshes an expired session) takes its callbacks over.
   * Its first SUBSCRIBED is a `resync`, since nothing was sent while it was closed.
   */
  function rejoinLater(topicName: string, topic: Topic) {
    const attempts = (topic.closed?.attempts ?? 0) + 1;
    topic.closed = { since: topic.closed?.since ?? new Date(), attempts };
    recompute();
    topic.closed.timer = setTimeout(async () => {
      if (topics.get(topicName) !== topic) return;
      await client.realtime.setAuth().catch(() => undefined);
      if (topics.get(topicName) !== topic) return;
      // The closed channel is already gone from the client (realtime-js drops it on phx_close), and
      // removeChannel would drop its successor too: the client removes channels by topic name.
      open(topicName, topic);
    }, rejoinDelayMs(attempts));
  }

  function open(topicName: string, previous?: Topic): Topic | null {
    const parsed = parseTopic(topicName);
    const table = parsed && tables.get(parsed.resource);
    if (!parsed || !table) return null;
    const channel = client
      .channel(`admin:${topicName}`)
      .on(
        'postgres_changes',
        // A record's topic filters on its primary key: hosted Realtime passes a DELETE through a
        // filter on its old record's columns, the key included (realtime.apply_rls,
        // is_visible_through_filters(old_columns, ...)), so the "deleted" conflict arrives.
        { event: '*', schema: 'public', table, ...(parsed.id ? { filter: `id=eq.${parsed.id}` } : {}) },
        (change: RealtimePostgresChangesPayload<Record<string, unknown>>) => {
          const record = change.eventType === 'DELETE' ? change.old : change.new;
          emit(topicName, {
            type: EVENT_TYPES[change.eventType],
            topic: topicName,
            payload: {
              ids: [record.id as Identifier],
              ...(change.eventType === 'DELETE' ? {} : { record: change.new }),
            },
            date: new Date(change.commit_timestamp),
          });
        },
      );
    const topic: Topic = {
      channel,
      callbacks: previous?.callbacks ?? new Set(),
      subscribed: previous?.subscribed ?? false,
      failed: false,
      closed: previous?.closed && { since: previous.closed.since, attempts: previous.closed.attempts },
    };
    channel.subscribe((state) => {
      // A channel this topic no longer uses (unsubscribed, or replaced after a close) says nothing.
      if (topics.get(topicName) !== topic) return;
      if (state === 'SUBSCRIBED') {
        const resubscribed = topic.subscribed;
        topic.subscribed = true;
        topic.failed = false;
        topic.closed = undefined;
        recompute();
        // First joined: a change committed before now, after the screen read its rows, was not
        // sent. Back after a drop: nothing that changed meanwhile was sent, so listeners refetch.
        const type = resubscribed ? 'resync' : 'joined';
        emit(topicName, { type, topic: topicName, payload: { ids: [] }, date: new Date() });
      } else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') {
        // realtime-js rejoins these itself, with its own back-off.
        topic.failed = true;
        recompute();
      } else if (state === 'CLOSED') {
        rejoinLater(topicName, topic);
      }
    });
    topics.set(topicName, topic);
    return topic;
  }

  return {
    /** Calls back with each change of the topic's rows the signed-in operator may read. */
    async subscribe(topic: string, callback: LiveCallback) {
      const entry = topics.get(topic) ?? open(topic);
      if (!entry) throw new Error(`No live data for ${topic}`);
      entry.callbacks.add(callback);
      return { data: null };
    },
    async unsubscribe(topic: string, callback: LiveCallback) {
      const entry = topics.get(topic);
      if (!entry) return { data: null };
      entry.callbacks.delete(callback);
      if (!entry.callbacks.size) {
        topics.delete(topic);
        clearTimeout(entry.closed?.timer);
        await client.removeChannel(entry.channel);
        recompute();
      }
      return { data: null };
    },
    /** Tells this tab's subscribers of a change it made itself (others hear it from the database). */
    async publish(topic: string, event: Omit<LiveEvent, 'topic' | 'date'>) {
      emit(topic, { ...event, topic, date: new Date() });
      return { data: null };
    },
    /** The published table behind a resource, if it is live (answers synchronously). */
    liveTableOf(resource: string): string | undefined {
      return tables.get(resource);
    },
    /**
     * "Also open by": marks the record open as the signed-in operator and calls back with the other
     * operators whose own sessions marked it open (src/realtime/openBy.ts); returns what ends it.
     */
    present(resource: string, id: Identifier, onChange: (others: PresentOperator[]) => void) {
      return watchOpenBy(client, resource, id, onChange);
    },
    liveStatus: () => status,
    onLiveStatus(listener: (status: LiveStatus) => void) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
  };
}

export type RealtimeMethods = ReturnType<typeof createRealtimeMethods>;

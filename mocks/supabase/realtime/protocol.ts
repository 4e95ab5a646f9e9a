/**
 * The Phoenix channel protocol as @supabase/realtime-js speaks it (serializer 1.0.0 and 2.0.0):
 * frames in and out, with no transport and no state. Bytes are Uint8Array so the same code runs in
 * Node and in a browser (the demo build's MSW WebSocket link).
 */

export const REALTIME_PATH = '/realtime/v1/websocket';

export type Vsn = '1.0.0' | '2.0.0';

export interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  /** A binary user broadcast push (serializer 2.0.0, kind 3), as sent. */
  userBroadcast?: UserBroadcast;
}

/** A Broadcast message as realtime-js 2.0.0 frames it in binary: its event, metadata and payload. */
export interface UserBroadcast {
  event: string;
  metadata: string;
  /** 1: the payload is JSON text; 0: raw bytes. */
  encoding: 0 | 1;
  payload: Uint8Array;
}

/** A join's `config` as realtime-js sends it. */
export interface JoinConfig {
  postgres_changes?: { event?: string; schema?: string; table?: string; filter?: string }[];
  presence?: { enabled?: boolean; key?: string };
  broadcast?: { self?: boolean; ack?: boolean };
  private?: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A message as the client's serializer reads it. */
export function encode(message: Message, vsn: Vsn): string {
  const { join_ref, ref, topic, event, payload } = message;
  return vsn === '2.0.0'
    ? JSON.stringify([join_ref, ref, topic, event, payload])
    : JSON.stringify({ join_ref, ref, topic, event, payload });
}

export function decode(text: string, vsn: Vsn): Message {
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

export /** The channel name without Phoenix's `realtime:` prefix, as Realtime's system messages carry it. */
function subTopic(topic: string) {
  return topic.replace(/^realtime:/, '');
}

/**
 * A binary user broadcast push (realtime-js serializer.js `_encodeUserBroadcastPush`, Realtime's
 * RealtimeWeb.Socket.V2Serializer): kind 3, then the lengths of join_ref, ref, topic, event and
 * metadata, the payload's encoding, those strings, and the payload. Anything else is invalid.
 */
export function decodeUserBroadcastPush(data: Uint8Array): Message {
  if (data.length < 7 || data[0] !== 3) throw new Error('Invalid message');
  const encoding = data[6];
  if (encoding !== 0 && encoding !== 1) throw new Error('Invalid message');
  let offset = 7;
  const [joinRef, ref, topic, event, metadata] = [data[1], data[2], data[3], data[4], data[5]].map(
    (length) => {
      const text = decoder.decode(data.subarray(offset, offset + length));
      offset += length;
      return text;
    },
  );
  if (offset > data.length) throw new Error('Invalid message');
  const payload = data.subarray(offset);
  if (encoding === 1) JSON.parse(decoder.decode(payload));
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
export function broadcastFrame(vsn: Vsn, topic: string, message: Message): string | Uint8Array {
  const user = message.userBroadcast;
  if (user && vsn === '2.0.0') {
    const head = [topic, user.event, user.metadata].map((text) => encoder.encode(text));
    return concat([
      Uint8Array.of(4, head[0].length, head[1].length, head[2].length, user.encoding),
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
            ? (JSON.parse(decoder.decode(user.payload)) as unknown)
            : toBase64(user.payload),
      }
    : message.payload;
  const frame = { join_ref: null, ref: null, topic, event: 'broadcast', payload };
  return vsn === '2.0.0' ? JSON.stringify([null, null, topic, 'broadcast', payload]) : JSON.stringify(frame);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { PushMessage, PushSender } from './push.ts';

export interface SendNotificationDeps {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch: typeof fetch;
  push: PushSender;
  /** NOTIFICATION_LIMITS from src/domain/limits.ts, passed in so this file has no relative value imports. */
  limits: { titleMax: number; bodyMax: number };
  /** Node 20 has no global WebSocket: the local stand-in passes ws here; Deno needs nothing. */
  realtime?: SupabaseClientOptions<'public'>['realtime'];
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

const reply = (status: number, body: unknown) => Response.json(body, { status, headers: CORS_HEADERS });
const failure = (status: number, error: string) => reply(status, { success: false, error });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Draft {
  userId: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

/** The notification draft checked field by field; returns the first problem found. */
export function parseDraft(input: unknown, limits: SendNotificationDeps['limits']): Draft | string {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return 'Request body must be a JSON object';
  const { userId, title, body, data } = input as Record<string, unknown>;
  if (typeof userId !== 'string' || !UUID.test(userId)) return 'userId must be a user id (UUID)';
  if (typeof title !== 'string' || !title.trim()) return 'Title is required';
  if (title.length > limits.titleMax) return `Title must be at most ${limits.titleMax} characters`;
  if (typeof body !== 'string' || !body.trim()) return 'Message body is required';
  if (body.length > limits.bodyMax) return `Message body must be at most ${limits.bodyMax} characters`;
  if (data !== undefined && data !== null) {
    const isStringMap =
      typeof data === 'object' &&
      !Array.isArray(data) &&
      Object.values(data).every((v) => typeof v === 'string');
    if (!isStringMap) return 'data must be a JSON object whose values are strings';
  }
  return { userId, title, body, data: (data as Record<string, string> | null | undefined) ?? {} };
}

/**
 * send-notification: an active admin sends one push to one app user's device. The caller's JWT and
 * admin status are checked before anything else; every attempt that reaches the push service is
 * recorded in public.notifications (status sent or failed).
 */
export function createSendNotificationHandler(
  deps: SendNotificationDeps,
): (req: Request) => Promise<Response> {
  const client = (key: string, headers: Record<string, string> = {}): SupabaseClient =>
    createClient(deps.supabaseUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: deps.fetch, headers },
      realtime: deps.realtime,
    });

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return failure(405, 'Method not allowed');

    const jwt = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
    if (!jwt) return failure(401, 'Missing authorization token');
    const service = client(deps.serviceRoleKey);
    const { data: caller, error: authError } = await service.auth.getUser(jwt);
    if (authError || !caller.user) return failure(401, 'Invalid or expired session');

    // Read as the caller, so row-level security decides what an admin row is.
    const asCaller = client(deps.anonKey, { Authorization: `Bearer ${jwt}` });
    const { data: adminRow, error: adminError } = await asCaller
      .from('admin_users')
      .select('id, is_active')
      .eq('user_id', caller.user.id)
      .eq('is_active', true)
      .maybeSingle();
    if (adminError) return failure(500, `Could not check admin status: ${adminError.message}`);
    if (!adminRow) return failure(403, 'Admin privileges required');

    let input: unknown;
    try {
      input = await req.json();
    } catch {
      return failure(400, 'Request body must be valid JSON');
    }
    const draft = parseDraft(input, deps.limits);
    if (typeof draft === 'string') return failure(400, draft);

    const { data: device, error: deviceError } = await service
      .from('user_devices')
      .select('token')
      .eq('user_id', draft.userId)
      .order('updated_at', { ascending: false })
      .limit(1)
      .maybeSingle();
    if (deviceError) return failure(500, `Could not look up the device: ${deviceError.message}`);
    if (!device) return failure(404, 'No device token found for this user');

    const message: PushMessage = {
      token: device.token,
      title: draft.title,
      body: draft.body,
      data: draft.data,
    };
    const result = await deps.push.send(message);
    const { error: recordError } = await service.from('notifications').insert({
      user_id: draft.userId,
      title: draft.title,
      body: draft.body,
      data: draft.data,
      status: result.ok ? 'sent' : 'failed',
      message_id: result.ok ? result.messageId : null,
      error: result.ok ? null : result.error,
      sent_by: caller.user.id,
    });
    if (recordError) console.error('send-notification: could not record the notification', recordError);

    return result.ok
      ? reply(200, { success: true, messageId: result.messageId })
      : failure(502, result.error);
  };
}

import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
  type User,
} from '@supabase/supabase-js';
import type { Database } from '../../../src/database.types.ts';
import { FUNCTION_STORAGE_KEY } from './clientKey.ts';

/** What Supabase's runtime gives every function (the stand-in passes the same under Node). */
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch: typeof fetch;
  /** Node 20 has no global WebSocket: the local stand-in passes ws here; Deno needs nothing. */
  realtime?: SupabaseClientOptions<'public'>['realtime'];
}

/** A client for a function's calls with `key` (the service key, or the anon key and a caller's JWT). */
export const functionClient = (
  env: Pick<FunctionEnv, 'supabaseUrl' | 'fetch' | 'realtime'>,
  key: string,
  headers: Record<string, string> = {},
): SupabaseClient<Database> =>
  createClient<Database>(env.supabaseUrl, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: FUNCTION_STORAGE_KEY,
      // No session to guard: Deno has no navigator.locks, but a browser page running the functions
      // (the zero-install demo) would make every function client of the page share one lock.
      lock: (_name, _acquireTimeout, fn) => fn(),
    },
    global: { fetch: env.fetch, headers },
    realtime: env.realtime,
  });

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export const reply = (status: number, body: unknown) =>
  Response.json(body, { status, headers: CORS_HEADERS });
export const failure = (status: number, error: string) => reply(status, { success: false, error });

/** An operator's request, checked: who they are, their role, and clients as them and as the service. */
export interface Operator {
  user: User;
  role: string;
  /** The caller's own token: every query is under their row-level security. */
  asCaller: SupabaseClient<Database>;
  /** The service key, which never leaves the server. */
  service: SupabaseClient<Database>;
}

/**
 * The checks both admin functions start with: CORS preflight, POST only, a bearer token Auth
 * accepts (401), then public.admin_role() called as the caller (their JWT, not the service key).
 * It builds on the one definition of an operator, public.is_admin(): an active admin_users row, not
 * banned, not deleted, the aal2 rules, exactly as every admin policy sees the caller; null (403) for
 * anyone else. Answers the Response to send instead when a check fails.
 */
export async function checkOperator(req: Request, env: FunctionEnv): Promise<Operator | Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  const jwt = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!jwt) return failure(401, 'Missing authorization token');
  const service = functionClient(env, env.serviceRoleKey);
  const { data: caller, error: authError } = await service.auth.getUser(jwt);
  if (authError || !caller.user) return failure(401, 'Invalid or expired session');

  const asCaller = functionClient(env, env.anonKey, { Authorization: `Bearer ${jwt}` });
  const { data: role, error: roleError } = await asCaller.rpc('admin_role');
  if (roleError) return failure(500, `Could not check admin status: ${roleError.message}`);
  if (typeof role !== 'string') return failure(403, 'Admin privileges required');
  return { user: caller.user, role, asCaller, service };
}

/** The request's JSON body as `{ ok: true, value }`, or `{ ok: false }` when it is not JSON. */
export async function jsonBody(req: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await req.json() };
  } catch {
    return { ok: false };
  }
}

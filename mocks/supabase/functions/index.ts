import ws from 'ws';
import { checkNotificationDraft, NOTIFICATION_ISSUES } from '../../../src/domain/notification';
import { checkInvite, INVITE_ISSUES } from '../../../src/domain/operatorInvite';
import { PUSH_ROLE_REFUSAL, PUSH_ROLES } from '../../../src/domain/operatorRoles';
import { createInviteOperatorHandler } from '../../../supabase/functions/invite-operator/handler';
import { createPurgeTrashHandler } from '../../../supabase/functions/purge-trash/handler';
import { createPushWorkerHandler } from '../../../supabase/functions/push-worker/handler';
import { createSendNotificationHandler } from '../../../supabase/functions/send-notification/handler';
import { readSupabaseConfig } from '../config';
import type { RouteHandler, StandInContext } from '../context';
import { serviceRoleKey, verifyJwt } from '../jwt';
import { LOCAL_ANON_KEY } from '../keys';
import { createPushSandboxHandler } from './pushSandbox';

type FunctionHandler = (req: Request) => Promise<Response>;

/** The deployed functions, built with what Supabase's runtime would give them (SUPABASE_URL, keys, ...). */
const FUNCTIONS: Record<
  string,
  (ctx: StandInContext, supabaseUrl: string, serviceRoleKey: string) => FunctionHandler
> = {
  'send-notification': (ctx, supabaseUrl, serviceRoleKey) =>
    createSendNotificationHandler({
      supabaseUrl,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey,
      fetch: ctx.fetch,
      push: ctx.push,
      checkDraft: checkNotificationDraft,
      issues: NOTIFICATION_ISSUES,
      pushRoles: PUSH_ROLES,
      pushRoleRefusal: PUSH_ROLE_REFUSAL,
      realtime: { transport: ws as unknown as typeof WebSocket },
    }),
  'invite-operator': (ctx, supabaseUrl, serviceRoleKey) =>
    createInviteOperatorHandler({
      supabaseUrl,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey,
      fetch: ctx.fetch,
      checkInvite,
      issues: INVITE_ISSUES,
      realtime: { transport: ws as unknown as typeof WebSocket },
    }),
  'purge-trash': (ctx, supabaseUrl, serviceRoleKey) =>
    createPurgeTrashHandler({
      supabaseUrl,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey,
      fetch: ctx.fetch,
      realtime: { transport: ws as unknown as typeof WebSocket },
    }),
  'push-worker': (ctx, supabaseUrl, serviceRoleKey) =>
    createPushWorkerHandler({
      supabaseUrl,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey,
      fetch: ctx.fetch,
      push: ctx.push,
      realtime: { transport: ws as unknown as typeof WebSocket },
    }),
  'push-sandbox': (ctx) => createPushSandboxHandler(ctx),
};

const relayError = (status: number, code: string, message: string) =>
  Response.json({ code, message }, { status });

/** supabase/config.toml's [functions.<name>] sections: what `supabase functions deploy` reads. */
const FUNCTION_CONFIG = readSupabaseConfig().functions;

/** Whether the relay checks the JWT before the function runs (Supabase's default: it does). */
export const relayVerifiesJwt = (name: string) => FUNCTION_CONFIG?.[name]?.verify_jwt ?? true;

/**
 * /functions/v1/<name>: Supabase's relay in front of the function. With verify_jwt = true (the
 * default) the Authorization bearer must be a valid JWT of the project before the function runs;
 * with verify_jwt = false (config.toml) the request reaches the function, which checks the caller.
 */
export const handleFunctions: RouteHandler = async (request, ctx, subPath) => {
  const name = subPath.split('/')[1] ?? '';
  const build = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
  if (!build) return relayError(404, 'NOT_FOUND', 'Requested function was not found');

  const run = async () =>
    build(ctx, new URL(request.url).origin, await serviceRoleKey(ctx.jwtSecret))(request);
  if (!relayVerifiesJwt(name)) return run();
  const bearer = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!bearer) return relayError(401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
  if (!(await verifyJwt(bearer, ctx.jwtSecret)).ok)
    return relayError(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');

  return run();
};

// Deno entry deployed to Supabase (`supabase functions deploy send-notification`). The logic lives in
// handler.ts, which the local stand-in runs under Node too.
import { checkNotificationDraft, NOTIFICATION_ISSUES } from '../../../src/domain/notification.ts';
import { PUSH_ROLE_REFUSAL, PUSH_ROLES } from '../../../src/domain/operatorRoles.ts';
import { createFcmSender, parseServiceAccount } from './fcm.ts';
import { createSendNotificationHandler } from './handler.ts';

const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

Deno.serve(
  createSendNotificationHandler({
    supabaseUrl: env('SUPABASE_URL'),
    anonKey: env('SUPABASE_ANON_KEY'),
    serviceRoleKey: env('SUPABASE_SERVICE_ROLE_KEY'),
    fetch,
    push: createFcmSender(parseServiceAccount(Deno.env.get('FCM_SERVICE_ACCOUNT'))),
    checkDraft: checkNotificationDraft,
    issues: NOTIFICATION_ISSUES,
    pushRoles: PUSH_ROLES,
    pushRoleRefusal: PUSH_ROLE_REFUSAL,
  }),
);

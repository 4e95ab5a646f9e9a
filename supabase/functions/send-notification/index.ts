// Deno entry deployed to Supabase (`supabase functions deploy send-notification`). The logic lives in
// handler.ts, which the local stand-in runs under Node too.
import { checkNotificationDraft, NOTIFICATION_ISSUES } from '../../../src/domain/notification.ts';
import { PUSH_ROLE_REFUSAL, PUSH_ROLES } from '../../../src/domain/operatorRoles.ts';
import { createFcmSender, parseServiceAccount } from './fcm.ts';
import { createSendNotificationHandler } from './handler.ts';
import { runtimeEnv } from '../_shared/runtime.ts';

Deno.serve(
  createSendNotificationHandler({
    ...runtimeEnv(),
    push: createFcmSender(parseServiceAccount(Deno.env.get('FCM_SERVICE_ACCOUNT'))),
    checkDraft: checkNotificationDraft,
    issues: NOTIFICATION_ISSUES,
    pushRoles: PUSH_ROLES,
    pushRoleRefusal: PUSH_ROLE_REFUSAL,
  }),
);

// Deno entry deployed to Supabase (`supabase functions deploy push-worker`). The logic lives in
// handler.ts and worker.ts, which the local stand-in runs under Node too.
import { createFcmSender, parseServiceAccount } from '../send-notification/fcm.ts';
import { createPushWorkerHandler } from './handler.ts';
import { runtimeEnv } from '../_shared/runtime.ts';

Deno.serve(
  createPushWorkerHandler({
    ...runtimeEnv(),
    push: createFcmSender(parseServiceAccount(Deno.env.get('FCM_SERVICE_ACCOUNT'))),
  }),
);

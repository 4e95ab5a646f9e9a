// Deno entry deployed to Supabase (`supabase functions deploy invite-operator`). The logic lives in
// handler.ts, which the local stand-in runs under Node too.
import { checkInvite, INVITE_ISSUES } from '../../../src/domain/operatorInvite.ts';
import { createInviteOperatorHandler } from './handler.ts';
import { runtimeEnv } from '../_shared/runtime.ts';

Deno.serve(
  createInviteOperatorHandler({
    ...runtimeEnv(),
    checkInvite,
    issues: INVITE_ISSUES,
  }),
);

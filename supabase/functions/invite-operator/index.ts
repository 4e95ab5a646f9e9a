// Deno entry deployed to Supabase (`supabase functions deploy invite-operator`). The logic lives in
// handler.ts, which the local stand-in runs under Node too.
import { checkInvite, INVITE_ISSUES } from '../../../src/domain/operatorInvite.ts';
import { createInviteOperatorHandler } from './handler.ts';

const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

Deno.serve(
  createInviteOperatorHandler({
    supabaseUrl: env('SUPABASE_URL'),
    anonKey: env('SUPABASE_ANON_KEY'),
    serviceRoleKey: env('SUPABASE_SERVICE_ROLE_KEY'),
    fetch,
    checkInvite,
    issues: INVITE_ISSUES,
  }),
);

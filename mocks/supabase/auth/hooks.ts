import { readSupabaseConfig, type SupabaseConfig } from '../config';
import type { Database } from '../db';
import { badRequest, forbidden } from './errors';
import { clientAddressOf } from './signInLimits';
import { endSessions } from './sessions';

/**
 * Supabase Auth's Postgres-function hooks the stand-in calls (GoTrue's internal/hooks/v0hooks):
 * the Password Verification Attempt and MFA Verification Attempt hooks, configured as in
 * supabase/config.toml's [auth.hook.*] tables.
 */
export interface AuthHooks {
  /** pg-functions://postgres/<schema>/<function>, or undefined when the hook is off. */
  passwordVerificationAttempt?: string;
  mfaVerificationAttempt?: string;
}

/** GoTrue's default rejection messages (v0hooks.Default*HookRejectionMessage). */
export const DEFAULT_PASSWORD_HOOK_REJECTION = 'Further password verification attempts will be rejected.';
export const DEFAULT_MFA_HOOK_REJECTION = 'Further MFA verification attempts will be rejected.';

/** The enabled hooks of supabase/config.toml's [auth.hook.*] tables. */
export function readAuthHooks(config: SupabaseConfig = readSupabaseConfig()): AuthHooks {
  const hooks = config.auth?.hook ?? {};
  const uriOf = (name: string) => (hooks[name]?.enabled ? hooks[name]?.uri : undefined);
  return {
    passwordVerificationAttempt: uriOf('password_verification_attempt'),
    mfaVerificationAttempt: uriOf('mfa_verification_attempt'),
  };
}

/** GoTrue's check of a hook function's schema and name (a Postgres identifier). */
const PG_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;

/** pg-functions://<database>/<schema>/<function> as the quoted "schema"."function" GoTrue calls. */
export function hookFunctionOf(uri: string): string {
  const url = new URL(uri);
  const [, schema = '', name = ''] = url.pathname.split('/');
  if (url.protocol !== 'pg-functions:' || !PG_NAME.test(schema) || !PG_NAME.test(name))
    throw new Error(`Unsupported auth hook URI ${uri}`);
  return `"${schema}"."${name}"`;
}

interface HookDecision {
  decision?: string;
  message?: string;
  should_logout_user?: boolean;
}

/**
 * Calls a hook function as GoTrue does: in its own transaction (the hook's writes stay whatever the
 * request answers), as supabase_auth_admin, with the event as jsonb and GoTrue's metadata header.
 */
async function invokeHook(
  db: Database,
  uri: string,
  hookName: string,
  request: Request,
  event: Record<string, unknown>,
): Promise<HookDecision> {
  const fn = hookFunctionOf(uri);
  const payload = {
    metadata: {
      uuid: crypto.randomUUID(),
      time: new Date().toISOString(),
      name: hookName,
      ip_address: clientAddressOf(request),
    },
    ...event,
  };
  return db.transaction(async (tx) => {
    await tx.query('set local role supabase_auth_admin');
    const { rows } = await tx.query<{ output: HookDecision | null }>(`select ${fn}($1::jsonb) as output`, [
      JSON.stringify(payload),
    ]);
    return rows[0]?.output ?? {};
  });
}

/**
 * GoTrue's Password Verification Attempt: after checking an existing user's password, right or
 * wrong. A reject answers 400 invalid_credentials with the hook's message, after signing the user out
 * everywhere when should_logout_user says so.
 */
export async function passwordVerificationAttempt(
  db: Database,
  hooks: AuthHooks,
  request: Request,
  userId: string,
  valid: boolean,
): Promise<void> {
  if (!hooks.passwordVerificationAttempt) return;
  const output = await invokeHook(db, hooks.passwordVerificationAttempt, 'password-verification', request, {
    user_id: userId,
    valid,
  });
  if (output.decision !== 'reject') return;
  if (output.should_logout_user) await endSessions(db, userId, undefined, 'global');
  throw badRequest('invalid_credentials', output.message || DEFAULT_PASSWORD_HOOK_REJECTION);
}

/**
 * GoTrue's MFA Verification Attempt: after checking a TOTP code, right or wrong. A reject signs the
 * user out everywhere and answers 403 mfa_verification_rejected with the hook's message.
 */
export async function mfaVerificationAttempt(
  db: Database,
  hooks: AuthHooks,
  request: Request,
  event: { user_id: string; factor_id: string; factor_type: string; valid: boolean },
): Promise<void> {
  if (!hooks.mfaVerificationAttempt) return;
  const output = await invokeHook(db, hooks.mfaVerificationAttempt, 'mfa-verification', request, event);
  if (output.decision !== 'reject') return;
  await endSessions(db, event.user_id, undefined, 'global');
  throw forbidden('mfa_verification_rejected', output.message || DEFAULT_MFA_HOOK_REJECTION);
}

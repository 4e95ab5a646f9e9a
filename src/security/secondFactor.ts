import type { Factor } from '@supabase/supabase-js';
import { codeErrorKey, normaliseCode } from '../domain/mfa';
import type { DatabaseClient } from '../domain/database';

/**
 * Whether the signed-in user must still enter a code: they have a verified factor (GoTrue's
 * nextLevel aal2) but this session is aal1. Read from the session's own token and user, no request.
 */
export async function needsSecondFactor(client: DatabaseClient): Promise<boolean> {
  const { data } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  return data?.currentLevel === 'aal1' && data.nextLevel === 'aal2';
}

/** The user's verified authenticator apps (TOTP factors), oldest first. */
export async function verifiedTotpFactors(client: DatabaseClient): Promise<Factor[]> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp;
}

/**
 * Checks a code against a factor (challenge, then verify): on success the session is aal2 (GoTrue
 * signs the user's aal1 sessions out). Resolves to null, or to the catalogue key of the refusal.
 */
export async function verifyCode(
  client: DatabaseClient,
  factorId: string,
  typed: string,
): Promise<string | null> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: normaliseCode(typed) });
  return error ? codeErrorKey(error) : null;
}

import { randomInt } from '../platform/random';
import type { Queryable } from '../db';

/** GoTrue keeps a revoked refresh token usable this long (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL). */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** An opaque refresh token like GoTrue's (12 random lower-case alphanumerics). */
export function newRefreshTokenString(): string {
  return Array.from({ length: 12 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('');
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
}

async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string | null) {
  const token = newRefreshTokenString();
  await db.query(
    `insert into auth.refresh_tokens (token, user_id, parent, session_id, revoked, created_at, updated_at)
     values ($1, $2, $3, $4, false, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** A new session with its first refresh token (GoTrue's GrantAuthenticatedUser). */
export async function startSession(
  db: Queryable,
  userId: string,
  method: AmrMethod = 'password',
): Promise<{ session: SessionRow; refreshToken: string }> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, aal, created_at, updated_at)
     values (gen_random_uuid(), $1, 'aal1', now(), now()) returning id, user_id, created_at`,
    [userId],
  );
  const session = rows[0];
  await addAmrClaim(db, session.id, method);
  return { session, refreshToken: await insertRefreshToken(db, userId, session.id, null) };
}

/**
 * GoTrue's authentication methods the stand-in signs in with (models.AuthenticationMethod): a
 * password (sign-in, and the session a sign-up returns), a TOTP code, and 'otp' for a verified
 * emailed link or code (supabase/auth internal/api/verify.go issues every POST and implicit-flow
 * verification as models.OTP, whatever the link's type).
 */
export type AmrMethod = 'password' | 'totp' | 'otp';

/**
 * Whether the session came from an emailed link (GoTrue's Session.IsRecovery: a claim whose method
 * is otp, magiclink or recovery, internal/models/factor.go), so a new password needs no current one.
 */
export async function isRecoverySession(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method in ('otp', 'magiclink', 'recovery')`,
    [sessionId],
  );
  return rows.length > 0;
}

/** GoTrue's AddClaimToSession: one row per session and method, its time refreshed when repeated. */

export async function addAmrClaim(db: Queryable, sessionId: string, method: AmrMethod) {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey
     do update set updated_at = now()`,
    [sessionId, method],
  );
}

export interface Assurance {
  aal: 'aal1' | 'aal2';
  /** GoTrue's amr claim: one entry per method, most recent first. */
  amr: { method: string; timestamp: number }[];
}

/** GoTrue's CalculateAALAndAMR: aal2 once a second-factor method is among the session's claims. */
export async function sessionAssurance(db: Queryable, sessionId: string): Promise<Assurance> {
  const { rows } = await db.query<{ method: string; updated_at: Date }>(
    `select authentication_method as method, updated_at from auth.mfa_amr_claims where session_id = $1`,
    [sessionId],
  );
  // Ordered on the full timestamps: both methods often fall in the same second.
  const amr = [...rows]
    .sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())
    .map((r) => ({ method: r.method, timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000) }));
  return { aal: amr.some((claim) => claim.method === 'totp') ? 'aal2' : 'aal1', amr };
}

/**
 * The refresh-token swap of a verified challenge (GoTrue's updateMFASessionAndClaims with legacy
 * tokens): the session's active token is revoked and a child issued, so only the client that
 * passed the challenge holds a token of the aal2 session; the session records its level and factor.
 */
export async function rotateForMfa(db: Queryable, sessionId: string, userId: string, factorId: string) {
  const { rows } = await db.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where id = (select id from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1)
      returning token`,
    [sessionId],
  );
  const { aal } = await sessionAssurance(db, sessionId);
  await db.query('update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1', [
    sessionId,
    aal,
    factorId,
  ]);
  return insertRefreshToken(db, userId, sessionId, rows[0]?.token ?? null);
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    'select id, user_id, created_at from auth.sessions where id = $1',
    [id],
  );
  return rows[0];
}

export type RefreshOutcome =
  | { kind: 'issued'; session: SessionRow; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'already_used' };

interface TokenRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string | null;
}

/**
 * GoTrue's refresh-token rotation. A revoked token is still honoured when it is the parent of the
 * session's active token (the client lost the last answer: the active token is returned again) or
 * within the reuse interval after it was rotated (a new child is issued). Past that it is reuse: the
 * whole token family of the session is revoked and the caller gets already_used (the revocation is
 * kept, not rolled back). A revoked family has no active token, and then nothing in it is honoured
 * again: the revocation leaves every token's rotation time (updated_at) as it was, so it opens no
 * new reuse window, and the newest token, which was never rotated, has none at all.
 */
export async function rotateRefreshToken(db: Queryable, token: string): Promise<RefreshOutcome> {
  const { rows } = await db.query<TokenRow>(
    `select rt.id, rt.token, rt.user_id, rt.revoked, rt.updated_at, rt.session_id
       from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
      where rt.token = $1 for update of rt`,
    [token],
  );
  const current = rows[0];
  if (!current?.session_id) return { kind: 'not_found' };
  const session = (await findSession(db, current.session_id)) as SessionRow;

  if (current.revoked) {
    const { rows: active } = await db.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
      [session.id],
    );
    if (active.length === 0) return { kind: 'already_used' };
    if (active[0].parent === current.token) return { kind: 'issued', session, refreshToken: active[0].token };
    const reuseUntil = new Date(current.updated_at).getTime() + REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000;
    if (Date.now() > reuseUntil) {
      await db.query(`update auth.refresh_tokens set revoked = true where session_id = $1 and not revoked`, [
        session.id,
      ]);
      return { kind: 'already_used' };
    }
  }

  await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [
    current.id,
  ]);
  await db.query(`update auth.sessions set updated_at = now() where id = $1`, [session.id]);
  return {
    kind: 'issued',
    session,
    refreshToken: await insertRefreshToken(db, current.user_id, session.id, current.token),
  };
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deletes sessions (their refresh tokens go with them, on delete cascade), as GoTrue's logout does. */
export async function endSessions(
  db: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: LogoutScope,
) {
  if (!sessionId || scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  }
}

import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { StandInContext } from '../context';
import type { Queryable } from '../db';
import { authenticate, type Authenticated } from './authenticate';
import { writeAuditLogEntry } from './auditLog';
import { readJsonBody, stringField } from './body';
import { AuthHttpError, badRequest, forbidden, notFound, tooManyRequests, unprocessable } from './errors';
import { mfaVerificationAttempt } from './hooks';
import { FACTOR_COLUMNS, listFactors, type FactorRow } from './factors';
import { sessionResponse } from './sessionResponse';
import { clientAddressOf } from './signInLimits';
import { addAmrClaim, rotateForMfa } from './sessions';
import { findUserById, type UserRow } from './users';

/** GoTrue's MFA defaults (conf.MFAConfiguration). */
export const MFA_LIMITS = {
  maxEnrolledFactors: 10,
  maxVerifiedFactors: 10,
  /** A challenge older than this is refused (MFA_CHALLENGE_EXPIRY_DURATION, seconds). */
  challengeExpirySeconds: 300,
  /** An unverified factor with no challenge is deleted after this (MFA_FACTOR_EXPIRY_DURATION). */
  factorExpirySeconds: 300,
} as const;

/** The TOTP parameters GoTrue validates with (pquerna/otp's defaults, skew 1). */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's loadFactor: the caller's own factor, else 404 mfa_factor_not_found. */
async function loadFactor(db: Queryable, user: UserRow, factorId: string): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, user.id],
  );
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** GoTrue's session checks: the factor endpoints need a session (session_id claim). */
async function requireSession(request: Request, ctx: StandInContext) {
  const auth = await authenticate(request, ctx);
  if (!auth.session)
    throw new AuthHttpError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to enroll a factor',
    );
  return auth as Authenticated & { session: NonNullable<Authenticated['session']> };
}

/** The challenge column is inet: an in-process caller (tests, MSW) has no address, loopback stands in. */
const inetOf = (address: string) => (/^[0-9a-f.:]+$/i.test(address) ? address : '127.0.0.1');

/** POST /factors: enrols an unverified TOTP factor and returns its secret, URI and QR code (SVG). */
export async function handleEnrollFactor(request: Request, ctx: StandInContext): Promise<Response> {
  const { user, session } = await requireSession(request, ctx);
  const body = await readJsonBody(request);
  const factorType = stringField(body, 'factor_type');
  const friendlyName = stringField(body, 'friendly_name');
  // GoTrue's EnrollFactor: without an issuer, the site URL's host (never the request's).
  const issuer = stringField(body, 'issuer') || new URL(ctx.auth.siteUrl).host;
  if (factorType === 'phone' || factorType === 'webauthn')
    throw unprocessable(
      factorType === 'phone' ? 'mfa_phone_enroll_not_enabled' : 'mfa_webauthn_enroll_not_enabled',
      `MFA enroll is disabled for ${factorType === 'phone' ? 'Phone' : 'WebAuthn'}`,
    );
  if (factorType !== 'totp')
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');

  return ctx.db.transaction(async (tx) => {
    // GoTrue's validateFactors: expired unverified factors go first, then the name and count rules.
    await tx.query(
      `delete from auth.mfa_factors f where status <> 'verified'
          and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
          and created_at + make_interval(secs => $1) < now()`,
      [MFA_LIMITS.factorExpirySeconds],
    );
    const factors = await listFactors(tx, user.id);
    if (factors.some((f) => (f.friendly_name ?? '') === friendlyName))
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    const verified = factors.filter((f) => f.status === 'verified').length;
    if (factors.length >= MFA_LIMITS.maxEnrolledFactors || verified >= MFA_LIMITS.maxVerifiedFactors)
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    if (verified > 0 && (await sessionAal(tx, session.id)) !== 'aal2')
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');

    const totp = new OTPAuth.TOTP({
      issuer,
      label: user.email ?? '',
      secret: new OTPAuth.Secret({ size: 20 }),
      ...TOTP_PARAMS,
    });
    const uri = totp.toString();
    const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, 'totp', 'unverified', $3, now(), now()) returning id`,
      [user.id, friendlyName, totp.secret.base32],
    );
    await writeAuditLogEntry(
      tx,
      user,
      'factor_in_progress',
      { factor_id: rows[0].id },
      clientAddressOf(request),
    );
    return Response.json({
      id: rows[0].id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: qrCode, secret: totp.secret.base32, uri },
    });
  });
}

async function sessionAal(db: Queryable, sessionId: string): Promise<string> {
  const { rows } = await db.query<{ aal: string | null }>(
    'select aal::text as aal from auth.sessions where id = $1',
    [sessionId],
  );
  return rows[0]?.aal ?? 'aal1';
}

/** POST /factors/{id}/challenge: a challenge bound to the caller's address, valid five minutes. */
export async function handleChallengeFactor(
  request: Request,
  ctx: StandInContext,
  factorId: string,
): Promise<Response> {
  const { user } = await requireSession(request, ctx);
  const factor = await loadFactor(ctx.db, user, factorId);
  const address = inetOf(clientAddressOf(request));
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values (gen_random_uuid(), $1, now(), $2::inet) returning id, created_at`,
      [factor.id, address],
    );
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
    await writeAuditLogEntry(
      tx,
      user,
      'challenge_created',
      { factor_id: factor.id, factor_status: factor.status },
      clientAddressOf(request),
    );
    return Response.json({
      id: rows[0].id,
      type: factor.factor_type,
      expires_at:
        Math.floor(new Date(rows[0].created_at).getTime() / 1000) + MFA_LIMITS.challengeExpirySeconds,
    });
  });
}

interface ChallengeRow {
  id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

/**
 * POST /factors/{id}/verify: checks the code against the challenge (GoTrue's validateChallenge and
 * verifyTOTPFactor), then marks the factor verified, raises this session to aal2 with a new refresh
 * token, signs out the user's aal1 sessions and drops other unverified TOTP factors. Wrong codes count
 * against the sign-in rate limit, per factor and per address.
 */
export async function handleVerifyFactor(
  request: Request,
  ctx: StandInContext,
  factorId: string,
): Promise<Response> {
  const { user, session } = await requireSession(request, ctx);
  const factor = await loadFactor(ctx.db, user, factorId);
  const body = await readJsonBody(request);
  const challengeId = stringField(body, 'challenge_id');
  const code = stringField(body, 'code');
  if (!code) throw badRequest('validation_failed', 'Code needs to be non-empty');

  const account = `factor:${factor.id}`;
  const address = clientAddressOf(request);
  if (ctx.signIns.isPairLimited(address, account)) throw tooManyRequests();

  const { rows } = UUID.test(challengeId)
    ? await ctx.db.query<ChallengeRow>(
        `select id, created_at, verified_at, host(ip_address) as ip_address from auth.mfa_challenges
          where id = $1 and factor_id = $2`,
        [challengeId, factor.id],
      )
    : { rows: [] as ChallengeRow[] };
  const challenge = rows[0];
  if (!challenge)
    throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (challenge.verified_at !== null || challenge.ip_address !== inetOf(address))
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  const expiresAt = new Date(challenge.created_at).getTime() + MFA_LIMITS.challengeExpirySeconds * 1000;
  if (Date.now() > expiresAt) {
    await ctx.db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }

  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.secret ?? ''), ...TOTP_PARAMS });
  const valid = totp.validate({ token: code, window: 1 }) !== null;
  // GoTrue asks the MFA Verification Attempt hook about every code, right or wrong.
  await mfaVerificationAttempt(ctx.db, ctx.authHooks, request, {
    user_id: user.id,
    factor_id: factor.id,
    factor_type: factor.factor_type,
    valid,
  });
  if (!valid) {
    ctx.signIns.recordFailure(address, account);
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }
  ctx.signIns.recordSuccess(address, account);

  return ctx.db.transaction(async (tx) => {
    await writeAuditLogEntry(
      tx,
      user,
      'verification_attempted',
      { factor_id: factor.id, challenge_id: challenge.id, factor_type: factor.factor_type },
      address,
    );
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
    if (factor.status !== 'verified')
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
        factor.id,
      ]);
    await addAmrClaim(tx, session.id, 'totp');
    const refreshToken = await rotateForMfa(tx, session.id, user.id, factor.id);
    await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [user.id]);
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2`,
      [user.id, factor.factor_type],
    );
    const fresh = (await findUserById(tx, user.id))!;
    return sessionResponse(ctx, fresh, session, refreshToken, tx);
  });
}

/** DELETE /factors/{id}: a verified factor needs an aal2 session; its sessions go back to aal1. */
export async function handleUnenrollFactor(
  request: Request,
  ctx: StandInContext,
  factorId: string,
): Promise<Response> {
  const { user, session } = await requireSession(request, ctx);
  const factor = await loadFactor(ctx.db, user, factorId);
  if (factor.status === 'verified' && (await sessionAal(ctx.db, session.id)) !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await ctx.db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await writeAuditLogEntry(
      tx,
      user,
      'factor_unenrolled',
      { factor_id: factor.id, factor_status: factor.status, session_id: session.id },
      clientAddressOf(request),
    );
    // DowngradeSessionsToAAL1: the factor's sessions lose its amr claim and their aal2.
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
          and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
      factor.id,
    ]);
  });
  return Response.json({ id: factor.id });
}

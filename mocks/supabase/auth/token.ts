import type { StandInContext } from '../context';
import { writeAuditLogEntry } from './auditLog';
import { readJsonBody, stringField } from './body';
import { AuthHttpError, badRequest, tooManyRequests } from './errors';
import { passwordVerificationAttempt } from './hooks';
import { clientAddressOf } from './signInLimits';
import { markSignedIn, sessionResponse } from './sessionResponse';
import { rotateRefreshToken, startSession } from './sessions';
import { findUserByEmail, findUserById, findUserByPhone, isBanned, passwordMatches } from './users';

const INVALID_LOGIN = 'Invalid login credentials';

/** POST /token?grant_type=password|refresh_token */
export async function handleToken(request: Request, ctx: StandInContext): Promise<Response> {
  const grantType = new URL(request.url).searchParams.get('grant_type');
  if (grantType === 'password') return passwordGrant(request, ctx);
  if (grantType === 'refresh_token') return refreshTokenGrant(request, ctx);
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}

async function passwordGrant(request: Request, ctx: StandInContext): Promise<Response> {
  const body = await readJsonBody(request);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  if (email && phone)
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  if (!email && !phone) throw badRequest('validation_failed', 'missing email or phone');

  // Refused before any check, so a limited caller learns nothing about the password.
  const account = email ? `email:${email.toLowerCase()}` : `phone:${phone}`;
  const address = clientAddressOf(request);
  if (!ctx.signIns.admit(address, account)) throw tooManyRequests();

  const found = email ? await findUserByEmail(ctx.db, email) : await findUserByPhone(ctx.db, phone);
  // One bcrypt comparison whether or not the account exists; a ban is told only to whoever knows the password.
  const valid = await passwordMatches(ctx.db, found?.id, password);
  // GoTrue asks the Password Verification Attempt hook about every check of an existing user.
  if (found) await passwordVerificationAttempt(ctx.db, ctx.authHooks, request, found.id, valid);
  if (!valid || !found) {
    ctx.signIns.recordFailure(address, account);
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  ctx.signIns.recordSuccess(address, account);
  if (isBanned(found)) throw badRequest('user_banned', 'User is banned');
  if (email && !found.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (phone && !found.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');

  return ctx.db.transaction(async (tx) => {
    await writeAuditLogEntry(tx, found, 'login', { provider: email ? 'email' : 'phone' });
    await markSignedIn(tx, found.id);
    const { session, refreshToken } = await startSession(tx, found.id);
    const user = (await findUserById(tx, found.id))!;
    return sessionResponse(ctx, user, session, refreshToken, tx);
  });
}

async function refreshTokenGrant(request: Request, ctx: StandInContext): Promise<Response> {
  const body = await readJsonBody(request);
  const token = stringField(body, 'refresh_token');
  // GoTrue answers this one as an OAuth error: {error, error_description}.
  if (!token)
    return Response.json(
      { error: 'invalid_request', error_description: 'refresh_token required' },
      { status: 400 },
    );

  const { rows: owners } = await ctx.db.query<{ banned: boolean }>(
    `select coalesce(u.banned_until > now(), false) as banned
       from auth.refresh_tokens rt join auth.users u on u.id::text = rt.user_id where rt.token = $1`,
    [token],
  );
  if (owners[0]?.banned) throw new AuthHttpError(400, 'user_banned', 'Invalid Refresh Token: User Banned');

  // The reuse check revokes the token family and must stay committed while answering an error.
  const outcome = await ctx.db.transaction((tx) => rotateRefreshToken(tx, token));
  if (outcome.kind === 'not_found')
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (outcome.kind === 'already_used')
    throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');

  const user = await findUserById(ctx.db, outcome.session.user_id);
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  return sessionResponse(ctx, user, outcome.session, outcome.refreshToken);
}

import { randomInt } from '../platform/random';
import type { StandInContext } from '../context';
import { readJsonBody, stringField } from './body';
import { redeemEmailChange, SINGLE_CONFIRMATION_ACCEPTED } from './emailChange';
import { checkSendFrequency } from './emailLimits';
import { htmlEscape } from './emailTemplate';
import { queryEscape, renderTemplate, tokenHashOf, verifyUrl, type LinkKind } from './linkMail';
import { AuthHttpError, badRequest, tooManyRequests } from './errors';
import { referrerOf } from './redirects';
import { markSignedIn, sessionResponse } from './sessionResponse';
import { startSession } from './sessions';
import { clientAddressOf } from './signInLimits';
import { findUserByEmail, type UserRow } from './users';
import { validateEmail } from './validation';

/** Where GoTrue keeps each kind's token hash and when it was sent (constants, never request text). */
const TOKEN_COLUMNS: Record<LinkKind, { token: string; sentAt: string }> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
};

/**
 * A fresh OTP for an emailed link, its token hash kept on the user as GoTrue keeps it
 * (`recovery_token` / `confirmation_token` and when it was sent; an invite also sets `invited_at`).
 */
export async function issueLinkToken(ctx: StandInContext, user: UserRow, kind: LinkKind) {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const tokenHash = tokenHashOf(user.email ?? '', otp);
  const { token, sentAt } = TOKEN_COLUMNS[kind];
  const invited = kind === 'invite' ? ', invited_at = now()' : '';
  await ctx.db.query(`update auth.users set ${token} = $2, ${sentAt} = now()${invited} where id = $1`, [
    user.id,
    tokenHash,
  ]);
  return { otp, tokenHash };
}

/**
 * Sends a recovery, invite or sign-up confirmation email as GoTrue's sendPasswordRecovery /
 * sendInvite / sendConfirmation do: recovery and confirmation emails to one user at most one per
 * max_frequency (sendInvite does not check it), then the project's email budget (EmailBudget), then
 * a fresh token and the kind's template. Every link in it comes from the configured site URL, Auth's
 * external URL and a `redirect_to` the allow-list accepts (referrerOf), never from the request's host.
 */
export async function sendLinkEmail(ctx: StandInContext, request: Request, user: UserRow, kind: LinkKind) {
  const email = user.email ?? '';
  if (kind !== 'invite') {
    const { rows } = await ctx.db.query<{ seconds: number | null }>(
      `select extract(epoch from now() - ${TOKEN_COLUMNS[kind].sentAt})::float8 as seconds from auth.users where id = $1`,
      [user.id],
    );
    checkSendFrequency(rows[0]?.seconds ?? null, ctx.auth);
  }
  ctx.emailBudget.spend();
  const { otp, tokenHash } = await issueLinkToken(ctx, user, kind);
  const redirectTo = referrerOf(request, ctx.auth);
  const mail = renderTemplate(
    kind,
    {
      SiteURL: ctx.auth.siteUrl,
      ConfirmationURL: verifyUrl(ctx.auth, tokenHash, kind, redirectTo),
      Email: email,
      Token: otp,
      TokenHash: tokenHash,
      RedirectTo: redirectTo,
    },
    user.raw_user_meta_data ?? {},
  );
  ctx.mail.send({ to: email, ...mail });
}

/**
 * POST /recover (supabase/auth internal/api/recover.go): `{}` for an unknown address and for a known
 * one whose email went out. GoTrue limits the route per client address first (api.go:
 * limitHandler(Recover), sign_in_sign_ups per 5 minutes); for a known address the per-address
 * frequency and the email budget may answer 429, which only a known address can meet.
 */
export async function handleRecover(request: Request, ctx: StandInContext): Promise<Response> {
  if (!ctx.signIns.admitRoute('recover', clientAddressOf(request))) throw tooManyRequests();
  const body = await readJsonBody(request);
  const raw = stringField(body, 'email');
  if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(raw);
  const user = await findUserByEmail(ctx.db, email);
  if (user) await sendLinkEmail(ctx, request, user, 'recovery');
  return Response.json({});
}

const expiredOrInvalid = () => new AuthHttpError(403, 'otp_expired', 'Token has expired or is invalid');

/**
 * The user whose link token this is, with a session started for them, or null (unknown, used or
 * older than otp_expiry). As GoTrue's verifyTokenHash (supabase/auth internal/api/verify.go), the
 * token's validity and age are checked before anything changes: an expired link leaves the token and
 * the account as they were. A valid token is spent in the same transaction, so it works once. The
 * session's amr is 'otp', as GoTrue's verifyPost and verifyGet (implicit flow) issue it (models.OTP):
 * the new password needs no current one, and the database can tell a session that began from an
 * emailed link (public.admin_accept_invitation()).
 */
async function redeemLinkToken(ctx: StandInContext, type: LinkKind, tokenHash: string) {
  const { token, sentAt } = TOKEN_COLUMNS[type];
  return ctx.db.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ id: string; expired: boolean }>(
      `select id, coalesce(${sentAt} < now() - make_interval(secs => $2), true) as expired
         from auth.users where ${token} = $1 and ${token} <> '' for update`,
      [tokenHash, ctx.auth.otpExpirySeconds],
    );
    if (!found[0] || found[0].expired) return null;
    const { rows } = await tx.query<UserRow>(
      `update auth.users set ${token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
              updated_at = now()
        where id = $1
        returning *`,
      [found[0].id],
    );
    const user = rows[0];
    const started = await startSession(tx, user.id, 'otp');
    await markSignedIn(tx, user.id);
    return { user, ...started };
  });
}

const isLinkKind = (type: string): type is LinkKind =>
  type === 'recovery' || type === 'invite' || type === 'signup';

/** A followed link of any kind: a session, an email change's first of two links, or null. */
async function redeem(ctx: StandInContext, type: string, tokenHash: string) {
  if (type === 'email_change') return redeemEmailChange(ctx, tokenHash);
  if (!isLinkKind(type)) return null;
  const redeemed = await redeemLinkToken(ctx, type, tokenHash);
  return redeemed && { done: true as const, ...redeemed };
}

/**
 * POST /verify with a token hash (supabase-js `verifyOtp({ token_hash, type })`): types recovery,
 * invite, signup and email_change (redeemEmailChange). Limited per client address before anything is read (token_verifications). The token is used
 * once and lives otp_expiry; the answer is a session (redeemLinkToken).
 */
export async function handleVerify(request: Request, ctx: StandInContext): Promise<Response> {
  if (!ctx.signIns.admitRoute('verify', clientAddressOf(request))) throw tooManyRequests();
  const body = await readJsonBody(request);
  const type = stringField(body, 'type');
  const tokenHash = stringField(body, 'token_hash');
  if (!isLinkKind(type) && type !== 'email_change')
    throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!tokenHash) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const result = await redeem(ctx, type, tokenHash);
  if (!result) throw expiredOrInvalid();
  if (!result.done) return Response.json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
  return sessionResponse(ctx, result.user, result.session, result.refreshToken);
}

/** Go's url.Values.Encode: keys sorted, each pair query-escaped. */
const encodeValues = (values: Record<string, string>) =>
  Object.keys(values)
    .sort()
    .map((key) => `${queryEscape(key)}=${queryEscape(values[key])}`)
    .join('&');

/** Go's http.Redirect with 303 See Other, its short HTML body included. */
const seeOther = (location: string) =>
  new Response(`<a href="${htmlEscape(location)}">See Other</a>.\n`, {
    status: 303,
    headers: { Location: location, 'Content-Type': 'text/html; charset=utf-8' },
  });

/**
 * GET /verify?token=…&type=…&redirect_to=…, the link of an email or of generate_link, as GoTrue's
 * verifyGet answers it (supabase/auth internal/api/verify.go, implicit flow): the token redeemed, then
 * 303 to the redirect URL GetReferrer allows (else the site URL) with the session in the fragment
 * (`access_token`, `expires_at`, `expires_in`, `refresh_token`, `sb`, `token_type`, `type`), or with
 * the error there (prepErrorRedirectURL: `error`, `error_code`, `error_description`, `sb`).
 */
export async function handleVerifyGet(request: Request, ctx: StandInContext): Promise<Response> {
  if (!ctx.signIns.admitRoute('verify', clientAddressOf(request))) throw tooManyRequests();
  const params = new URL(request.url).searchParams;
  const type = params.get('type') ?? '';
  const tokenHash = params.get('token') ?? '';
  const redirectTo = referrerOf(request, ctx.auth);
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!tokenHash) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const result = await redeem(ctx, type, tokenHash);
  if (!result) {
    const error = expiredOrInvalid();
    // prepErrorRedirectURL replaces any fragment the redirect URL had.
    const fragment = encodeValues({
      error: 'access_denied',
      error_code: error.code,
      error_description: error.message,
      sb: '',
    });
    return seeOther(`${redirectTo.split('#')[0]}#${fragment}`);
  }
  // prepRedirectURL: the first of two email-change links says so in the fragment.
  if (!result.done)
    return seeOther(
      `${redirectTo.split('#')[0]}#${encodeValues({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: '' })}`,
    );
  const session = (await (
    await sessionResponse(ctx, result.user, result.session, result.refreshToken)
  ).json()) as {
    access_token: string;
    token_type: string;
    expires_in: number;
    expires_at: number;
    refresh_token: string;
  };
  return seeOther(
    `${redirectTo}#${encodeValues({
      access_token: session.access_token,
      token_type: session.token_type,
      expires_in: String(session.expires_in),
      expires_at: String(session.expires_at),
      refresh_token: session.refresh_token,
      sb: '',
      type,
    })}`,
  );
}

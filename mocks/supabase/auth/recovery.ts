import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSupabaseConfig } from '../config';
import type { StandInContext } from '../context';
import type { AuthConfig } from './authConfig';
import { readJsonBody, stringField } from './body';
import { redeemEmailChange, SINGLE_CONFIRMATION_ACCEPTED } from './emailChange';
import { checkSendFrequency } from './emailLimits';
import { htmlEscape, renderEmailTemplate } from './emailTemplate';
import { AuthHttpError, badRequest, tooManyRequests } from './errors';
import { referrerOf } from './redirects';
import { markSignedIn, sessionResponse } from './sessionResponse';
import { startSession } from './sessions';
import { clientAddressOf } from './signInLimits';
import { findUserByEmail, type UserRow } from './users';
import { validateEmail } from './validation';

const PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TEMPLATES = readSupabaseConfig().auth?.email?.template ?? {};

/** GoTrue's crypto.GenerateTokenHash: the emailed link carries this, never the OTP itself. */
export const tokenHashOf = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/** Every kind of emailed link: the three above and an email change's (emailChange.ts). */
export type MailKind = LinkKind | 'email_change';

/** The [auth.email.template.<name>] of each link kind (GoTrue's template names). */
const TEMPLATE_NAMES: Record<MailKind, string> = {
  recovery: 'recovery',
  invite: 'invite',
  signup: 'confirmation',
  email_change: 'email_change',
};

/**
 * GoTrue's own emails (supabase/auth internal/mailer/templatemailer/templatemailer.go,
 * defaultConfirmationMail, defaultEmailChangeMail and their subjects), sent when config.toml has no
 * template of its own: a sign-up with email confirmations on, and an email change.
 */
const DEFAULT_TEMPLATES: Partial<Record<MailKind, { subject: string; html: string }>> = {
  signup: {
    subject: 'Confirm your email address',
    html: `<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
`,
  },
  email_change: {
    subject: 'Confirm your new email address',
    html: `<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  },
};

/** An [auth.email.template.<kind>] of supabase/config.toml, filled as GoTrue fills it (html/template). */
export function renderTemplate(
  kind: MailKind,
  values: Record<string, string>,
  data: Record<string, unknown>,
) {
  const template = TEMPLATES[TEMPLATE_NAMES[kind]];
  const fallback = DEFAULT_TEMPLATES[kind];
  if (!template?.content_path && !fallback)
    throw new Error(`supabase/config.toml has no [auth.email.template.${TEMPLATE_NAMES[kind]}]`);
  const source = template?.content_path
    ? readFileSync(path.resolve(PROJECT_DIR, template.content_path), 'utf8')
    : fallback!.html;
  return {
    subject: template?.subject ?? fallback?.subject ?? kind,
    html: renderEmailTemplate(source, values, data),
  };
}

/** The emailed links: a sign-up's confirmation (with confirmations on) shares the invite's token. */
export type LinkKind = 'recovery' | 'invite' | 'signup';

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

/** Go's url.QueryEscape: all but unreserved characters percent-encoded, a space as `+`. */
const queryEscape = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/**
 * GoTrue's verify link, the {{ .ConfirmationURL }} of a template and generate_link's action_link, on
 * Auth's own configured address (templatemailer getPath: `redirect_to` is escaped only when it holds
 * `&`, `=` or `#`, as encodeRedirectURL does). `redirectTo` is already one GetReferrer allowed.
 */
export const verifyUrl = (config: AuthConfig, tokenHash: string, kind: MailKind, redirectTo: string) => {
  const redirect = /[&=#]/.test(redirectTo) ? queryEscape(redirectTo) : redirectTo;
  return `${config.externalUrl}/verify?token=${queryEscape(tokenHash)}&type=${kind}&redirect_to=${redirect}`;
};

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

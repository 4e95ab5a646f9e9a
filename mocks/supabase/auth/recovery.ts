import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSupabaseConfig } from '../config';
import type { StandInContext } from '../context';
import { readJsonBody, stringField } from './body';
import { AuthHttpError, badRequest } from './errors';
import { markSignedIn, sessionResponse } from './sessionResponse';
import { startSession } from './sessions';
import { findUserByEmail, type UserRow } from './users';
import { validateEmail } from './validation';

const PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CONFIG = readSupabaseConfig();

/** GoTrue's SMTP max frequency: one email of a kind per user per 60 s. */
const MAX_FREQUENCY_SECONDS = 60;
/** GoTrue's mailer OTP lifetime ([auth.email] otp_expiry, 3600 s by default). */
const OTP_EXPIRY_SECONDS = CONFIG.auth?.email?.otp_expiry ?? 3600;
/** Emails Auth sends per hour ([auth.rate_limit] email_sent; the CLI's default is 2). */
const EMAILS_PER_HOUR = CONFIG.auth?.rate_limit?.email_sent ?? 2;

/** GoTrue's crypto.GenerateTokenHash: the emailed link carries this, never the OTP itself. */
export const tokenHashOf = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/** The [auth.email.template.<name>] of each link kind (GoTrue's template names). */
const TEMPLATE_NAMES: Record<LinkKind, string> = { recovery: 'recovery', invite: 'invite', signup: 'confirmation' };

/**
 * GoTrue's own confirmation email (supabase/auth internal/mailer/templatemailer/templatemailer.go,
 * defaultConfirmationMail and its subject), sent when config.toml has no template of its own: only
 * a sign-up with email confirmations on sends one.
 */
const DEFAULT_TEMPLATES: Partial<Record<LinkKind, { subject: string; html: string }>> = {
  signup: {
    subject: 'Confirm your email address',
    html: `<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
`,
  },
};

/** An [auth.email.template.<kind>] of supabase/config.toml, rendered as GoTrue renders it. */
function renderTemplate(kind: LinkKind, values: Record<string, string>) {
  const template = CONFIG.auth?.email?.template?.[TEMPLATE_NAMES[kind]];
  const fallback = DEFAULT_TEMPLATES[kind];
  if (!template?.content_path && !fallback)
    throw new Error(`supabase/config.toml has no [auth.email.template.${TEMPLATE_NAMES[kind]}]`);
  const source = template?.content_path
    ? readFileSync(path.resolve(PROJECT_DIR, template.content_path), 'utf8')
    : fallback!.html;
  const html = source.replace(
    /\{\{\s*\.(\w+)\s*\}\}/g,
    (_, name: string) => values[name] ?? '',
  );
  return { subject: template?.subject ?? fallback?.subject ?? kind, html };
}

/** Emails sent in the last hour, for GoTrue's email_sent limit (per project, as hosted counts it). */
const sentAt: number[] = [];
function countEmail() {
  const hourAgo = Date.now() - 3600_000;
  while (sentAt.length && sentAt[0] < hourAgo) sentAt.shift();
  if (sentAt.length >= EMAILS_PER_HOUR)
    throw new AuthHttpError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  sentAt.push(Date.now());
}

/** Tests and the browser tests send more than a real project's two an hour. */
export function resetEmailRateLimit() {
  sentAt.length = 0;
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

/** GoTrue's verify link, the {{ .ConfirmationURL }} of a template and generate_link's action_link. */
export const verifyUrl = (request: Request, tokenHash: string, kind: LinkKind, redirectTo: string) => {
  const origin = new URL(request.url).origin;
  return `${origin}/auth/v1/verify?token=${tokenHash}&type=${kind}&redirect_to=${encodeURIComponent(redirectTo || origin)}`;
};

/**
 * Sends a recovery, invite or sign-up confirmation email: a fresh token (issueLinkToken) and the
 * link of the kind's template with {{ .TokenHash }}. Recovery and confirmation emails to one user are
 * at most one a minute (GoTrue's SMTP max frequency); every email counts against the project's
 * hourly email limit.
 */
export async function sendLinkEmail(
  ctx: StandInContext,
  request: Request,
  user: UserRow,
  kind: LinkKind,
  redirectTo = '',
) {
  const email = user.email ?? '';
  // GoTrue's sendRecovery and sendConfirmation check the frequency; its sendInvite does not.
  if (kind !== 'invite') {
    const { rows } = await ctx.db.query<{ seconds: number | null }>(
      `select extract(epoch from now() - ${TOKEN_COLUMNS[kind].sentAt})::float8 as seconds from auth.users where id = $1`,
      [user.id],
    );
    const since = rows[0]?.seconds;
    if (since !== null && since !== undefined && since < MAX_FREQUENCY_SECONDS)
      throw new AuthHttpError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.ceil(MAX_FREQUENCY_SECONDS - since)} seconds.`,
      );
  }
  countEmail();
  const { otp, tokenHash } = await issueLinkToken(ctx, user, kind);
  const mail = renderTemplate(kind, {
    SiteURL: new URL(request.url).origin,
    TokenHash: tokenHash,
    Token: otp,
    Email: email,
    RedirectTo: redirectTo,
    ConfirmationURL: verifyUrl(request, tokenHash, kind, redirectTo),
  });
  ctx.mail.send({ to: email, ...mail });
}

/** POST /recover: the same empty answer whether or not the address has an account. */
export async function handleRecover(request: Request, ctx: StandInContext): Promise<Response> {
  const body = await readJsonBody(request);
  const raw = stringField(body, 'email');
  if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(raw);
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const redirectTo = new URL(request.url).searchParams.get('redirect_to') ?? '';
    await sendLinkEmail(ctx, request, user, 'recovery', redirectTo);
  }
  return Response.json({});
}

const expiredOrInvalid = () => new AuthHttpError(403, 'otp_expired', 'Token has expired or is invalid');

/**
 * POST /verify with a token hash (supabase-js `verifyOtp({ token_hash, type })`): types recovery,
 * invite and signup. The token is used once and lives OTP_EXPIRY_SECONDS; the answer is a session
 * whose amr is 'otp' as GoTrue's verifyPost issues it (models.OTP, supabase/auth
 * internal/api/verify.go), so the new password needs no current one and the database can tell a
 * session that began from an emailed link (public.admin_accept_invitation()).
 */
export async function handleVerify(request: Request, ctx: StandInContext): Promise<Response> {
  const body = await readJsonBody(request);
  const type = stringField(body, 'type');
  const tokenHash = stringField(body, 'token_hash');
  if (type !== 'recovery' && type !== 'invite' && type !== 'signup')
    throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!tokenHash) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const { token, sentAt } = TOKEN_COLUMNS[type];
  const result = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow & { expired: boolean }>(
      `update auth.users set ${token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
              updated_at = now()
        where ${token} = $1 and ${token} <> ''
        returning *, ${sentAt} < now() - make_interval(secs => $2) as expired`,
      [tokenHash, OTP_EXPIRY_SECONDS],
    );
    const user = rows[0];
    if (!user || user.expired) return null;
    const started = await startSession(tx, user.id, 'otp');
    await markSignedIn(tx, user.id);
    return { user, ...started };
  });
  if (!result) throw expiredOrInvalid();
  return sessionResponse(request, ctx, result.user, result.session, result.refreshToken);
}

import { readSupabaseConfig } from '../config';
import type { AuthConfig } from './authConfig';
import { renderEmailTemplate } from './emailTemplate';
import { sha224Hex } from '../platform/hash';
import { readProjectFile } from '../platform/projectFiles';

/** The emailed links' shared parts: token hashes, templates and verify URLs (recovery.ts, emailChange.ts). */

const TEMPLATES = readSupabaseConfig().auth?.email?.template ?? {};

/** GoTrue's crypto.GenerateTokenHash: the emailed link carries this, never the OTP itself. */
export const tokenHashOf = (email: string, otp: string) => sha224Hex(email + otp);

/** Every kind of emailed link: LinkKind's three and an email change's (emailChange.ts). */
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
  const source = template?.content_path ? readProjectFile(template.content_path) : fallback!.html;
  return {
    subject: template?.subject ?? fallback?.subject ?? kind,
    html: renderEmailTemplate(source, values, data),
  };
}
/** The emailed links: a sign-up's confirmation (with confirmations on) shares the invite's token. */
export type LinkKind = 'recovery' | 'invite' | 'signup';

/** Go's url.QueryEscape: all but unreserved characters percent-encoded, a space as `+`. */
export const queryEscape = (text: string) =>
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

import { readSupabaseConfig, type SupabaseConfig } from '../config';
import { parseGoDuration } from './validation';

/**
 * The Supabase Auth settings the stand-in follows, read from supabase/config.toml's [auth] as the
 * Supabase CLI hands them to GoTrue (supabase/cli apps/cli-go/internal/start/start.go:
 * GOTRUE_SITE_URL, GOTRUE_URI_ALLOW_LIST, GOTRUE_MAILER_AUTOCONFIRM, GOTRUE_SMTP_MAX_FREQUENCY,
 * GOTRUE_MAILER_OTP_EXP and GOTRUE_RATE_LIMIT_{EMAIL_SENT,OTP,VERIFY}). One object per stand-in.
 */
export interface AuthConfig {
  /** GOTRUE_SITE_URL: where links lead when no allowed `redirect_to` is given. */
  siteUrl: string;
  /** GOTRUE_URI_ALLOW_LIST: additional_redirect_urls, each a glob (supabase/auth internal/conf). */
  uriAllowList: string[];
  /** API_EXTERNAL_URL: Auth's own public address, the base of the emailed verify links. */
  externalUrl: string;
  /** GOTRUE_MAILER_AUTOCONFIRM, `!enable_confirmations`. */
  autoconfirm: boolean;
  /**
   * GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, [auth.email] double_confirm_changes: an email change
   * also sends a link to the current address (the CLI's default is on).
   */
  secureEmailChange: boolean;
  /** [auth.email] max_frequency: the least time between two emails of a kind to one address. */
  maxFrequencySeconds: number;
  /** [auth.email] otp_expiry: how long an emailed link works. */
  otpExpirySeconds: number;
  /** [auth.rate_limit] email_sent: emails per hour for the whole project. */
  emailsPerHour: number;
  /** [auth.rate_limit] sign_in_sign_ups (GOTRUE_RATE_LIMIT_OTP): per client address in 5 minutes. */
  signInSignUps: number;
  /** [auth.rate_limit] token_verifications (GOTRUE_RATE_LIMIT_VERIFY): per client address in 5 minutes. */
  tokenVerifications: number;
}

/**
 * Hosted Supabase's numbers where config.toml says nothing: supabase/auth internal/conf/configuration.go
 * (RateLimitEmailSent 30, RateLimitVerify 30, RateLimitOtp 30 in the CLI's template) and the hosted
 * dashboard's 60 s between two emails to one address.
 */
const DEFAULTS = { emailsPerHour: 30, perFiveMinutes: 30, maxFrequencySeconds: 60, otpExpirySeconds: 3600 };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The Auth settings of a stand-in served at `publicOrigin` (e.g. http://127.0.0.1:4400).
 *
 * config.toml's site_url and additional_redirect_urls name `npm start`'s default address
 * (site_url's origin, http://127.0.0.1:5173). A stand-in served elsewhere on this machine (another
 * PORT or HOST, the tests' http://localhost:54321) is the same project at another address, as if
 * config.toml had been edited for it: each configured URL on site_url's origin moves to
 * `publicOrigin`, its path kept; every other URL stays as written. A site_url that is not on a
 * loopback host (a real site) is never moved. The request's Host header plays no part.
 */
export function authConfigFor(
  publicOrigin?: string,
  config: SupabaseConfig = readSupabaseConfig(),
): AuthConfig {
  const auth = config.auth ?? {};
  const configured = new URL(auth.site_url ?? 'http://127.0.0.1:3000');
  const local = LOOPBACK_HOSTS.has(configured.hostname);
  const origin = local && publicOrigin ? new URL(publicOrigin).origin : configured.origin;
  const moved = (url: string) => {
    if (!local) return url;
    const parsed = URL.canParse(url) ? new URL(url) : null;
    return parsed && parsed.origin === configured.origin ? origin + url.slice(configured.origin.length) : url;
  };
  const limits = auth.rate_limit ?? {};
  return {
    siteUrl: moved(auth.site_url ?? configured.origin),
    uriAllowList: (auth.additional_redirect_urls ?? []).map(moved),
    externalUrl: `${origin}/auth/v1`,
    autoconfirm: !(auth.email?.enable_confirmations ?? false),
    secureEmailChange: auth.email?.double_confirm_changes ?? true,
    maxFrequencySeconds:
      auth.email?.max_frequency === undefined
        ? DEFAULTS.maxFrequencySeconds
        : parseGoDuration(auth.email.max_frequency) / 1000,
    otpExpirySeconds: auth.email?.otp_expiry ?? DEFAULTS.otpExpirySeconds,
    emailsPerHour: limits.email_sent ?? DEFAULTS.emailsPerHour,
    signInSignUps: limits.sign_in_sign_ups ?? DEFAULTS.perFiveMinutes,
    tokenVerifications: limits.token_verifications ?? DEFAULTS.perFiveMinutes,
  };
}

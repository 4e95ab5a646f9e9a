import type { AuthConfig } from './authConfig';
import { AuthHttpError } from './errors';

/**
 * The project's email budget (`[auth.rate_limit] email_sent` per hour), one per stand-in as one per
 * Auth server: GoTrue's IntervalLimiter (supabase/auth internal/ratelimit/interval.go) counts in
 * fixed hours from its start. supabase/auth internal/api/mail.go sendEmail spends it on every email
 * it sends (recovery and invitation alike) but only while confirmations are on: with
 * `GOTRUE_MAILER_AUTOCONFIRM` (confirmations off) it is skipped ("fix: ignore rate limits for
 * autoconfirm", #1810); a budget of 0 refuses every email either way.
 */
export class EmailBudget {
  private readonly started = Date.now();
  private interval = 0;
  private sent = 0;

  constructor(private readonly config: Pick<AuthConfig, 'emailsPerHour' | 'autoconfirm'>) {}

  /** Spends one email or throws GoTrue's 429 `over_email_send_rate_limit`. */
  spend(now = Date.now()) {
    if (this.config.emailsPerHour === 0) throw emailRateLimitExceeded();
    if (this.config.autoconfirm) return;
    const interval = Math.floor((now - this.started) / 3600_000);
    if (interval !== this.interval) {
      this.interval = interval;
      this.sent = 0;
    }
    if (this.sent >= this.config.emailsPerHour) throw emailRateLimitExceeded();
    this.sent++;
  }
}

/** supabase/auth internal/api/mail.go EmailRateLimitExceeded. */
const emailRateLimitExceeded = () =>
  new AuthHttpError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');

/**
 * GoTrue's validateSentWithinFrequencyLimit: one email of a kind per address per max_frequency,
 * with generateFrequencyLimitErrorMessage's whole seconds left (a Go Duration divided, so rounded down).
 */
export function checkSendFrequency(
  secondsSinceSent: number | null,
  config: Pick<AuthConfig, 'maxFrequencySeconds'>,
) {
  if (secondsSinceSent === null || secondsSinceSent >= config.maxFrequencySeconds) return;
  throw new AuthHttpError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.floor(config.maxFrequencySeconds - secondsSinceSent)} seconds.`,
  );
}

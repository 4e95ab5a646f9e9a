import { authConfigFor } from './authConfig';

/**
 * Limits per client address, as Supabase Auth applies them, and on wrong passwords. None is per
 * account alone: a stranger failing against `admin@…` from their own address never locks the admin
 * out elsewhere.
 */
export interface SignInLimits {
  /**
   * Password sign-ins, sign-ups and recovery requests per address in five minutes, each counted on
   * its own (config.toml `[auth.rate_limit] sign_in_sign_ups`, GoTrue's GOTRUE_RATE_LIMIT_OTP).
   */
  requestsPerAddress: number;
  /** `/verify` requests per address in five minutes (`[auth.rate_limit] token_verifications`). */
  verificationsPerAddress: number;
  /** Wrong passwords for one account from one address: slows guessing one account from one place. */
  failuresPerAddressAndAccount: number;
  windowSeconds: number;
}

const CONFIGURED = authConfigFor();

/**
 * supabase/config.toml's numbers (hosted Supabase's where it says nothing): 30 sign-ins, sign-ups and
 * recoveries and 30 verifications per address in five minutes; ten wrong passwords for one account
 * from one address. Then GoTrue's 429. Tests that sign in often from one address raise these.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  requestsPerAddress: CONFIGURED.signInSignUps,
  verificationsPerAddress: CONFIGURED.tokenVerifications,
  failuresPerAddressAndAccount: 10,
  windowSeconds: 300,
};

/** Past this many tracked keys, keys with nothing left in the window are dropped. */
const SWEEP_ABOVE = 10_000;

/**
 * GoTrue's routes behind a per-address limiter (supabase/auth internal/api/api.go limitHandler):
 * each has its own limiter, so a sign-up does not spend a recovery's allowance.
 */
export type LimitedRoute = 'signup' | 'recover' | 'verify';

/**
 * How many requests GoTrue's limiters let through at once, whatever the configured rate
 * (supabase/auth internal/api/apilimiter: `SetBurst(30)` on every per-address limiter).
 */
const BURST = 30;

/** Counts sign-in and sign-up requests and failed passwords in memory (per stand-in). */
export class SignInCounter {
  readonly limits: SignInLimits;
  private readonly events = new Map<string, number[]>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(limits: Partial<SignInLimits> = {}) {
    this.limits = { ...DEFAULT_SIGN_IN_LIMITS, ...limits };
  }

  /**
   * Counts one password sign-in from this address; true when it is over a limit (then it is refused
   * before any password is checked, so a limited caller learns nothing).
   */
  admit(address: string, account?: string, now = Date.now()): boolean {
    const requests = `requests:${address}`;
    if (this.recent(requests, now).length >= this.limits.requestsPerAddress) return false;
    if (account && this.isPairLimited(address, account, now)) return false;
    this.record(requests, now);
    return true;
  }

  /**
   * One request to a limited route from this address, as GoTrue's tollbooth limiter takes it before
   * the handler runs: a bucket of 30 that refills at the configured number per five minutes. False
   * when the bucket is empty (GoTrue's 429 `over_request_rate_limit`).
   */
  admitRoute(route: LimitedRoute, address: string, now = Date.now()): boolean {
    const perFiveMinutes =
      route === 'verify' ? this.limits.verificationsPerAddress : this.limits.requestsPerAddress;
    const key = `${route}:${address}`;
    if (this.buckets.size > SWEEP_ABOVE) this.sweepBuckets(now);
    const held = this.buckets.get(key) ?? { tokens: BURST, at: now };
    const tokens = Math.min(BURST, held.tokens + ((now - held.at) * perFiveMinutes) / 300_000);
    const admitted = tokens >= 1;
    this.buckets.set(key, { tokens: admitted ? tokens - 1 : tokens, at: now });
    return admitted;
  }

  /**
   * True when this account has had its failures' worth from this address (e.g. wrong second-factor
   * codes for one factor), without counting a request: the caller was admitted already.
   */
  isPairLimited(address: string, account: string, now = Date.now()): boolean {
    return this.recent(pairKey(address, account), now).length >= this.limits.failuresPerAddressAndAccount;
  }

  recordFailure(address: string, account: string, now = Date.now()) {
    this.record(pairKey(address, account), now);
  }

  /** A right password from this address clears that pair's failures. */
  recordSuccess(address: string, account: string) {
    this.events.delete(pairKey(address, account));
  }

  private record(key: string, now: number) {
    if (this.events.size > SWEEP_ABOVE) this.sweep(now);
    this.events.set(key, [...this.recent(key, now), now]);
  }

  private recent(key: string, now: number): number[] {
    const since = now - this.limits.windowSeconds * 1000;
    return (this.events.get(key) ?? []).filter((time) => time > since);
  }

  private sweep(now: number) {
    for (const key of [...this.events.keys()]) {
      if (this.recent(key, now).length === 0) this.events.delete(key);
    }
  }

  /** Tollbooth forgets an address an hour after its last request; a full bucket is the same as none. */
  private sweepBuckets(now: number) {
    for (const [key, held] of this.buckets) if (now - held.at > 3600_000) this.buckets.delete(key);
  }
}

const pairKey = (address: string, account: string) => `failures:${address}\n${account}`;

const clientAddresses = new WeakMap<Request, string>();

/** Records the socket address a server received the request from (the stand-in cannot see it). */
export function setClientAddress(request: Request, address: string) {
  clientAddresses.set(request, address);
}

/**
 * The caller's address: as the server reported it, else the first X-Forwarded-For hop (a proxy in
 * front), else `local` (in-process callers: tests, MSW).
 */
export function clientAddressOf(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return clientAddresses.get(request) ?? (forwarded || 'local');
}

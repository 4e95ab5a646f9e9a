/**
 * Limits on password sign-ins and sign-ups, in sliding windows. None is per account alone: a
 * stranger failing against `admin@…` from their own address never locks the admin out elsewhere.
 */
export interface SignInLimits {
  /**
   * GoTrue's per-address limit on sign-in and sign-up requests, successful or not (Supabase CLI
   * config.toml `[auth.rate_limit] sign_in_sign_ups = 30`, per 5 minutes).
   */
  requestsPerAddress: number;
  /** Wrong passwords for one account from one address: slows guessing one account from one place. */
  failuresPerAddressAndAccount: number;
  windowSeconds: number;
}

/**
 * Hosted Supabase's numbers: 30 sign-ins and sign-ups per address in five minutes; ten wrong
 * passwords for one account from one address. Then GoTrue's 429 until the window slides on.
 * Tests that sign in often from one address raise these.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  requestsPerAddress: 30,
  failuresPerAddressAndAccount: 10,
  windowSeconds: 300,
};

/** Past this many tracked keys, keys with nothing left in the window are dropped. */
const SWEEP_ABOVE = 10_000;

/** Counts sign-in and sign-up requests and failed passwords in memory (per stand-in). */
export class SignInCounter {
  private readonly events = new Map<string, number[]>();

  constructor(readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {}

  /**
   * Counts one password sign-in or sign-up from this address; true when it is over a limit (then
   * it is refused before any password is checked, so a limited caller learns nothing).
   */
  admit(address: string, account?: string, now = Date.now()): boolean {
    const requests = `requests:${address}`;
    if (this.recent(requests, now).length >= this.limits.requestsPerAddress) return false;
    if (account && this.isPairLimited(address, account, now)) return false;
    this.record(requests, now);
    return true;
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

/** How many failed sign-ins are allowed in a sliding window, per account and per client address. */
export interface SignInLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

/**
 * Ten wrong passwords for one account, or thirty from one address, in five minutes: then GoTrue's
 * 429 until the window slides on. Tests that sign in wrongly on purpose raise these.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccount: 10, perAddress: 30, windowSeconds: 300 };

/** Past this many tracked keys, keys with no failure left in the window are dropped. */
const SWEEP_ABOVE = 10_000;

/**
 * Counts failed password sign-ins in memory (per stand-in). Only failures count, so successful
 * sign-ins are never slowed; a success clears its account's count.
 */
export class FailedSignIns {
  private readonly failures = new Map<string, number[]>();

  constructor(readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {}

  isLimited(account: string, address: string, now = Date.now()): boolean {
    return (
      this.recent(`account:${account}`, now).length >= this.limits.perAccount ||
      this.recent(`address:${address}`, now).length >= this.limits.perAddress
    );
  }

  recordFailure(account: string, address: string, now = Date.now()) {
    if (this.failures.size > SWEEP_ABOVE) this.sweep(now);
    for (const key of [`account:${account}`, `address:${address}`]) {
      this.failures.set(key, [...this.recent(key, now), now]);
    }
  }

  clearAccount(account: string) {
    this.failures.delete(`account:${account}`);
  }

  private recent(key: string, now: number): number[] {
    const since = now - this.limits.windowSeconds * 1000;
    return (this.failures.get(key) ?? []).filter((time) => time > since);
  }

  private sweep(now: number) {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key, now).length === 0) this.failures.delete(key);
    }
  }
}

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

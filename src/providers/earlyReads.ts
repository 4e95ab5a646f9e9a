/**
 * A read a screen will make, started before the screen renders: its method (a `get…` method of the
 * admin's data provider) and the arguments the screen will call it with.
 */
export type EarlyRead = readonly [method: `get${string}`, ...args: unknown[]];

/** How long a read started early waits for the screen's own identical call before it is dropped. */
export const EARLY_READ_TTL_MS = 15_000;

/** The provider with early reads: `startRead` begins one, the provider's own call takes it over. */
export interface EarlyReads<P> {
  provider: P;
  /** Begins `read` for the signed-in person, to be taken over by the screen's identical call. */
  startRead(read: EarlyRead): void;
}

/**
 * The arguments as a key: the same data in any key order is the same read. An abort signal (which
 * react-query passes along) and undefined values are not part of what is read.
 */
function readKey(method: string, args: readonly unknown[]): string {
  const plain = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(plain);
    if (value && typeof value === 'object' && !(value instanceof AbortSignal))
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key, v]) => v !== undefined && key !== 'signal')
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, v]) => [key, plain(v)]),
      );
    return value;
  };
  return JSON.stringify([method, ...args.map(plain)]);
}

/**
 * On a phone, seconds pass between a page's first script and its screen asking for its data:
 * react-admin must load, check the session and render the layout first. This starts a screen's
 * first read as the app's code arrives (src/App.tsx) and hands it to the screen when it asks for
 * the same data, so the request travels while the phone renders.
 *
 * A read is handed over once, only to an identical call (same method and arguments), only within
 * EARLY_READ_TTL_MS of its start, and only under the session it was made with (`session`, its
 * access token): after a sign-out and another sign-in, or a second factor that raised the session,
 * the screen reads afresh. A read that failed early is made again, so an early failure never
 * reaches a screen.
 */
export function withEarlyReads<P extends object>(
  provider: P,
  session: () => Promise<string | undefined>,
  now: () => number = () => Date.now(),
): EarlyReads<P> {
  const started = new Map<string, { promise: Promise<unknown>; session: string; at: number }>();
  const methods = provider as Record<string, unknown>;

  const call = (method: string, args: unknown[]) =>
    (methods[method] as (...a: unknown[]) => Promise<unknown>).apply(provider, args);

  /** Forgets reads nobody took in time, so that once none is left the reads go straight through. */
  const dropExpired = () => {
    for (const [key, { at }] of started) if (now() - at > EARLY_READ_TTL_MS) started.delete(key);
  };

  const takeOver = async (method: string, args: unknown[]) => {
    dropExpired();
    const key = readKey(method, args);
    const early = started.get(key);
    started.delete(key);
    if (early && early.session === (await session()))
      return early.promise.catch(() => call(method, args));
    return call(method, args);
  };

  const wrapped = Object.fromEntries(
    Object.entries(methods).map(([name, value]) =>
      typeof value === 'function' && name.startsWith('get')
        ? [name, (...args: unknown[]) => (started.size ? takeOver(name, args) : call(name, args))]
        : [name, value],
    ),
  ) as P;

  return {
    provider: wrapped,
    startRead([method, ...args]) {
      if (typeof methods[method] !== 'function') throw new Error(`The data provider has no ${method}`);
      void session().then((current) => {
        if (!current) return; // signed out: the screen will not ask, and RLS would answer nothing
        dropExpired();
        const promise = call(method, args);
        promise.catch(() => undefined); // a failure is read again by the screen's own call
        started.set(readKey(method, args), { promise, session: current, at: now() });
      });
    },
  };
}

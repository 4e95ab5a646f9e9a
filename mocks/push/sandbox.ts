import type { PushMessage, PushResult, PushSender } from '../../supabase/functions/send-notification/push';

export const SANDBOX_PROJECT = 'labellens-local';

/** What FCM answers for a token that no longer belongs to an installed app. */
export const UNREGISTERED_ERROR = 'UNREGISTERED: Requested entity was not found.';

export interface DeliveredPush extends PushMessage {
  result: PushResult;
  at: Date;
}

/**
 * Shares of tokens (0 to 1 each, chosen by a hash of the token, so the same tokens every run) that
 * get FCM's 429 (with Retry-After: 1) or 500 on their first attempt, or UNREGISTERED every time.
 */
export interface PushFaults {
  tooManyRequests?: number;
  serverError?: number;
  unregistered?: number;
}

export interface PushSandbox extends PushSender {
  /** Every message handed over, in order, with what the sandbox answered. */
  readonly delivered: readonly DeliveredPush[];
  clear(): void;
  setFaults(faults: PushFaults): void;
}

/** A token's place in [0, 1): FNV-1a of its text, mixed (MurmurHash3's fmix32) so that tokens differing in their last characters spread evenly. */
export function tokenShare(token: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32;
}

/** What FCM answers a token under `faults` on its first attempt or a later one. */
export function faultFor(token: string, faults: PushFaults, firstAttempt: boolean): PushResult | undefined {
  const share = tokenShare(token);
  const tooMany = faults.tooManyRequests ?? 0;
  const server = tooMany + (faults.serverError ?? 0);
  const gone = server + (faults.unregistered ?? 0);
  if (share < tooMany && firstAttempt)
    return {
      ok: false,
      code: 'QUOTA_EXCEEDED',
      error: 'QUOTA_EXCEEDED: Quota exceeded.',
      retryable: true,
      retryAfterSeconds: 1,
    };
  if (share >= tooMany && share < server && firstAttempt)
    return { ok: false, code: 'INTERNAL', error: 'INTERNAL: Internal error.', retryable: true };
  if (share >= server && share < gone) return { ok: false, code: 'UNREGISTERED', error: UNREGISTERED_ERROR };
  return undefined;
}

/** One line per delivery, so a person trying the demo sees the push "arrive" in the server log. */
export function describeDelivery({ token, title, body, data, result }: DeliveredPush): string {
  const outcome = result.ok ? `delivered as ${result.messageId}` : `refused: ${result.error}`;
  return `[push] ${outcome} to device ${token}: ${JSON.stringify({ title, body, data })}`;
}

/**
 * Where a push sandbox keeps its deliveries: this process's memory unless told otherwise (the demo
 * keeps them in the page's storage, so they outlive a page load: demo/sandboxStores.ts).
 */
export interface PushStore {
  /** The deliveries kept, oldest first. */
  list(): readonly DeliveredPush[];
  add(delivery: DeliveredPush): void;
  clear(): void;
}

export function memoryPushStore(): PushStore {
  const delivered: DeliveredPush[] = [];
  return {
    list: () => delivered,
    add: (delivery) => void delivered.push(delivery),
    clear: () => void (delivered.length = 0),
  };
}

export function isPushSandbox(sender: PushSender): sender is PushSandbox {
  // Asked without reading the deliveries: the demo's store parses every stored push to list them.
  return 'delivered' in sender;
}

/**
 * A local stand-in for FCM: keeps every message in memory and answers like FCM's HTTP v1 API
 * (message names projects/labellens-local/messages/<n>); a token starting with 'invalid' fails as
 * an unregistered device does, and setFaults makes a share of tokens fail as FCM does under load. `log` receives describeDelivery's line for each message.
 * The deliveries go to `store` (memory unless told).
 */
export function createPushSandbox({
  log,
  store = memoryPushStore(),
}: { log?: (line: string) => void; store?: PushStore } = {}): PushSandbox {
  let sent = 0;
  let faults: PushFaults = {};
  const tried = new Set<string>();
  return {
    get delivered() {
      return store.list();
    },
    clear() {
      store.clear();
      tried.clear();
    },
    setFaults(next) {
      faults = { ...next };
    },
    async send(message) {
      const firstAttempt = !tried.has(message.token);
      tried.add(message.token);
      const result: PushResult = message.token.startsWith('invalid')
        ? { ok: false, code: 'UNREGISTERED', error: UNREGISTERED_ERROR }
        : (faultFor(message.token, faults, firstAttempt) ?? {
            ok: true,
            messageId: `projects/${SANDBOX_PROJECT}/messages/${++sent}`,
          });
      const delivery = { ...message, data: { ...message.data }, result, at: new Date() };
      store.add(delivery);
      log?.(describeDelivery(delivery));
      return result;
    },
  };
}

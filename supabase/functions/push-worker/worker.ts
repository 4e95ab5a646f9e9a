import type { PushResult, PushSender } from '../send-notification/push.ts';

/** One queued push as public.push_claim hands it out: the device's token and its language's text. */
export interface ClaimedPush {
  msg_id: number;
  send_id: string;
  device_id: string;
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

/** An answer for public.push_record. */
export interface PushOutcome {
  msg_id: number;
  send_id: string;
  device_id: string;
  outcome: 'sent' | 'failed' | 'removed' | 'retry';
  message_id?: string;
  error?: string;
  retry_after?: number;
}

export interface DeliveryKey {
  send_id: string;
  device_id: string;
}

/** The worker's RPCs (public.push_start_due, push_claim, push_mark_sending, push_record), as the service role. */
export interface PushQueue {
  /** Starts due sends and enqueues one batch of their people: how many sends have more to enqueue. */
  startDue(): Promise<number>;
  claim(qty: number, visibilitySeconds: number): Promise<ClaimedPush[]>;
  markSending(items: DeliveryKey[]): Promise<DeliveryKey[]>;
  record(outcomes: PushOutcome[]): Promise<number>;
}

export interface DrainOptions {
  queue: PushQueue;
  push: PushSender;
  /** Pushes in flight at once (FCM answers each in tens of milliseconds; more waits on the database). */
  concurrency?: number;
  batchSize?: number;
  /** How long a claimed message stays hidden: longer than a batch takes, so no two workers share it. */
  visibilitySeconds?: number;
  /** Stop claiming after this many milliseconds (an edge function's wall-clock limit). */
  budgetMs?: number;
  /** Checked before each push: an aborted worker stops as a killed one would, recording nothing more. */
  signal?: AbortSignal;
}

export interface DrainReport {
  /** push_start_due calls: each enqueues one batch, so a big send takes several (and several runs). */
  enqueueCalls: number;
  claimed: number;
  sent: number;
  failed: number;
  removed: number;
  retried: number;
}

/** FCM's answers that mean the token no longer reaches an installed app: the device row goes. */
const GONE = new Set(['UNREGISTERED', 'INVALID_ARGUMENT']);

export function outcomeOf(claimed: ClaimedPush, result: PushResult): PushOutcome {
  const { msg_id, send_id, device_id } = claimed;
  if (result.ok) return { msg_id, send_id, device_id, outcome: 'sent', message_id: result.messageId };
  const outcome = result.retryable ? 'retry' : result.code && GONE.has(result.code) ? 'removed' : 'failed';
  return { msg_id, send_id, device_id, outcome, error: result.error, retry_after: result.retryAfterSeconds };
}

/**
 * push-worker's loop: start the sends that are due, then claim batches from the queue and send them
 * with at most `concurrency` in flight, recording each answer as soon as it comes (the answers that
 * arrive while a record call is on its way go together in the next), so a worker that dies leaves at
 * most its in-flight pushes unrecorded. Their messages reappear after the visibility
 * timeout and go again; the (send, device) row in public.push_deliveries drops any whose outcome is
 * already recorded. 429 and 5xx go back to the queue for Retry-After (or a growing backoff).
 */
export async function drainPushQueue(options: DrainOptions): Promise<DrainReport> {
  const { queue, push, concurrency = 16, batchSize = 200, visibilitySeconds = 60 } = options;
  const budgetMs = options.budgetMs ?? 50_000;
  const until = Date.now() + budgetMs;
  const report: DrainReport = {
    enqueueCalls: 0,
    claimed: 0,
    sent: 0,
    failed: 0,
    removed: 0,
    retried: 0,
  };
  const counted = { sent: 'sent', failed: 'failed', removed: 'removed', retry: 'retried' } as const;
  const record = groupCommit(async (outcomes: PushOutcome[]) => {
    await queue.record(outcomes);
    return outcomes.map(() => true);
  });
  const key = (k: DeliveryKey) => `${k.send_id}/${k.device_id}`;
  const markSending = groupCommit(async (items: DeliveryKey[]) => {
    const marked = new Set((await queue.markSending(items)).map(key));
    return items.map((item) => marked.has(key(item)));
  });

  const deliver = async (claimed: ClaimedPush) => {
    const { send_id, device_id } = claimed;
    if (!(await markSending({ send_id, device_id })) || options.signal?.aborted) return;
    let result: PushResult;
    try {
      result = await push.send({
        token: claimed.token,
        title: claimed.title,
        body: claimed.body,
        data: claimed.data,
        collapseKey: claimed.send_id,
      });
    } catch (error) {
      // A network failure: FCM may not have seen it; try again later.
      result = { ok: false, error: error instanceof Error ? error.message : String(error), retryable: true };
    }
    const outcome = outcomeOf(claimed, result);
    await record(outcome);
    report[counted[outcome.outcome]]++;
  };

  // Enqueueing, one short transaction per batch, for at most half the run: the rest drains, so a
  // send to a million devices starts going out while its tail is still being enqueued.
  const enqueueUntil = Date.now() + budgetMs / 2;
  do report.enqueueCalls++;
  while ((await queue.startDue()) > 0 && Date.now() < enqueueUntil && !options.signal?.aborted);

  while (Date.now() < until && !options.signal?.aborted) {
    const batch = await queue.claim(batchSize, visibilitySeconds);
    if (batch.length === 0) break;
    report.claimed += batch.length;
    let next = 0;
    const lane = async () => {
      while (next < batch.length && !options.signal?.aborted) await deliver(batch[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
  }
  return report;
}

/**
 * Calls `call` with one item at once, or, while a call is on its way, with the items that arrived
 * meanwhile in the next: one call per item when the database keeps up, fewer under load.
 */
function groupCommit<I>(call: (items: I[]) => Promise<boolean[]>): (item: I) => Promise<boolean> {
  let waiting: { item: I; resolve: (ok: boolean) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  const run = async () => {
    running = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        const answers = await call(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(answers[i]));
      } catch (error) {
        batch.forEach((w) => w.reject(error));
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void run();
    });
}

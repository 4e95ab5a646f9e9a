import type { PushQueue } from '../../supabase/functions/push-worker/worker';
import type { PushSender } from '../../supabase/functions/send-notification/push';

/**
 * A push worker that dies right after its `afterPushes`-th push reached FCM, as a killed Edge
 * Function does: from then on none of its calls to the database or to FCM returns, whatever it had
 * in flight. Drain with its `queue` and `push`, and `signal` (aborted when it dies).
 */
export function dyingWorker(queue: PushQueue, push: PushSender, afterPushes: number) {
  const killed = new AbortController();
  const dead = <T>(call: () => Promise<T>) => (killed.signal.aborted ? new Promise<T>(() => {}) : call());
  let pushes = 0;
  const dyingPush: PushSender = {
    send: async (message) => {
      if (killed.signal.aborted) return new Promise(() => {});
      const result = await push.send(message);
      if (++pushes === afterPushes) killed.abort();
      return result;
    },
  };
  const dyingQueue: PushQueue = {
    startDue: () => dead(() => queue.startDue()),
    claim: (qty, visibility) => dead(() => queue.claim(qty, visibility)),
    markSending: (items) => dead(() => queue.markSending(items)),
    record: (outcomes) => dead(() => queue.record(outcomes)),
  };
  return { queue: dyingQueue, push: dyingPush, signal: killed.signal };
}

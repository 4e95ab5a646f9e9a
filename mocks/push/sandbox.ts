import type { PushMessage, PushResult, PushSender } from '../../supabase/functions/send-notification/push';

export const SANDBOX_PROJECT = 'labellens-local';

/** What FCM answers for a token that no longer belongs to an installed app. */
export const UNREGISTERED_ERROR = 'UNREGISTERED: Requested entity was not found.';

export interface DeliveredPush extends PushMessage {
  result: PushResult;
  at: Date;
}

export interface PushSandbox extends PushSender {
  /** Every message handed over, in order, with what the sandbox answered. */
  readonly delivered: readonly DeliveredPush[];
  clear(): void;
}

/** One line per delivery, so a person trying the demo sees the push "arrive" in the server log. */
export function describeDelivery({ token, title, body, data, result }: DeliveredPush): string {
  const outcome = result.ok ? `delivered as ${result.messageId}` : `refused: ${result.error}`;
  return `[push] ${outcome} to device ${token}: ${JSON.stringify({ title, body, data })}`;
}

export function isPushSandbox(sender: PushSender): sender is PushSandbox {
  return Array.isArray((sender as Partial<PushSandbox>).delivered);
}

/**
 * A local stand-in for FCM: keeps every message in memory and answers like FCM's HTTP v1 API
 * (message names projects/labellens-local/messages/<n>); a token starting with 'invalid' fails as
 * an unregistered device does. `log` receives describeDelivery's line for each message.
 */
export function createPushSandbox({ log }: { log?: (line: string) => void } = {}): PushSandbox {
  const delivered: DeliveredPush[] = [];
  let sent = 0;
  return {
    delivered,
    clear() {
      delivered.length = 0;
    },
    async send(message) {
      const result: PushResult = message.token.startsWith('invalid')
        ? { ok: false, error: UNREGISTERED_ERROR }
        : { ok: true, messageId: `projects/${SANDBOX_PROJECT}/messages/${++sent}` };
      const delivery = { ...message, data: { ...message.data }, result, at: new Date() };
      delivered.push(delivery);
      log?.(describeDelivery(delivery));
      return result;
    },
  };
}

import type { SupabaseClient } from '@supabase/supabase-js';
import { sameSecret } from '../_shared/secret.ts';
import { failure, functionClient, reply, type FunctionEnv } from '../_shared/operator.ts';
import type { PushSender } from '../send-notification/push.ts';
import {
  drainPushQueue,
  type ClaimedPush,
  type DeliveryKey,
  type DrainOptions,
  type PushQueue,
} from './worker.ts';

export interface PushWorkerDeps extends FunctionEnv {
  push: PushSender;
  drain?: Partial<Pick<DrainOptions, 'concurrency' | 'batchSize' | 'visibilitySeconds' | 'budgetMs'>>;
}

/**
 * push-worker: drains the 'push' queue (docs/architecture.md, "Push queue"). Woken by pg_cron through
 * pg_net on a hosted project (docs/deploying.md), by mocks/supabase/schedule.ts locally; only the
 * schedule calls it, so the bearer must be the service role key itself.
 */
export function createPushWorkerHandler(deps: PushWorkerDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return failure(405, 'Method not allowed');
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(bearer, deps.serviceRoleKey)) return failure(401, 'The service role key is required');
    const service = functionClient(deps, deps.serviceRoleKey);
    // The queue module names the RPCs and types their answers (./queue's PushQueue).
    const untyped = service as unknown as SupabaseClient;
    const call = async <T>(name: string, args: Record<string, unknown> = {}): Promise<T> => {
      const { data, error } = await untyped.rpc(name, args);
      if (error) throw new Error(`${name}: ${error.message}`);
      return data as T;
    };
    const queue: PushQueue = {
      startDue: () => call<number>('push_start_due'),
      claim: (qty, visibility_seconds) => call<ClaimedPush[]>('push_claim', { qty, visibility_seconds }),
      markSending: (items) => call<DeliveryKey[]>('push_mark_sending', { items }),
      record: (results) => call<number>('push_record', { results }),
    };
    try {
      return reply(200, await drainPushQueue({ queue, push: deps.push, ...deps.drain }));
    } catch (error) {
      return failure(500, (error as Error).message);
    }
  };
}

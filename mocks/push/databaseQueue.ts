import type { ClaimedPush, DeliveryKey, PushQueue } from '../../supabase/functions/push-worker/worker';
import { withIdentity, type Database, type RequestIdentity } from '../supabase/db';

const SERVICE_ROLE: RequestIdentity = { role: 'service_role', claims: { role: 'service_role' } };

/**
 * The push-worker's queue RPCs called on a database directly, as the service role (the function
 * calls the same through PostgREST): for the tests and the bench, which time the worker without HTTP.
 */
export function databasePushQueue(db: Database): PushQueue {
  const call = async <T>(sql: string, params: unknown[] = []) =>
    (await withIdentity(db, SERVICE_ROLE, (tx) => tx.query<T>(sql, params))).rows;
  return {
    startDue: async () => Number((await call<{ n: number }>('select public.push_start_due() n'))[0].n),
    claim: async (qty, visibilitySeconds) =>
      (await call<ClaimedPush>('select * from public.push_claim($1, $2)', [qty, visibilitySeconds])).map(
        (c) => ({
          ...c,
          msg_id: Number(c.msg_id),
        }),
      ),
    markSending: (items) =>
      call<DeliveryKey>('select * from public.push_mark_sending($1::jsonb)', [JSON.stringify(items)]),
    record: async (outcomes) =>
      Number(
        (await call<{ n: number }>('select public.push_record($1::jsonb) n', [JSON.stringify(outcomes)]))[0]
          .n,
      ),
  };
}

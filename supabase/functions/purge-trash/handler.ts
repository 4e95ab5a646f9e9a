import { storageBatches } from '../../../src/domain/storage.ts';
import { failure, functionClient, reply, type FunctionEnv } from '../_shared/operator.ts';
import { sameSecret } from '../_shared/secret.ts';

interface StoredObject {
  bucket_id: string;
  name: string;
}

/** What one run did, as the function answers it (and the stand-in's scheduler logs it). */
export interface PurgeOutcome {
  purged: number;
  filesRemoved: number;
  orphansRemoved: number;
}

/** public.record_purge_run's arguments: a failed run says why. */
type RunRecord =
  | { succeeded: true; purged: number; files_removed: number; orphans_removed: number }
  | { succeeded: false; reason: string };

/** The most pages of orphan objects one run removes (a bound on its time, whatever Storage answers). */
const ORPHAN_PAGES = 100;

/**
 * purge-trash: the trash's retention purge, run on a schedule (docs/deploying.md: pg_cron posts to
 * it daily through pg_net; the local stand-in runs it hourly). public.purge_trash() removes the
 * entries older than admin_settings.trash_retention_days and answers the Storage objects their rows
 * named; they are removed here, through the Storage API, because SQL must not delete objects
 * (storage.protect_delete: a deleted row would leave the file in the object store). Objects that no
 * row and no trash entry names (public.orphan_objects(), older than a day so a save in progress
 * keeps its upload) go too, so a removal that failed once is retried on the next run.
 *
 * Only the scheduler calls it: the bearer must be the service role key itself.
 */
export function createPurgeTrashHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return failure(405, 'Method not allowed');
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(bearer, env.serviceRoleKey)) return failure(401, 'The service role key is required');
    const service = functionClient(env, env.serviceRoleKey);

    /** Every run leaves its outcome (public.trash_purge_runs), which the Trash screen shows when it failed. */
    const record = async (outcome: RunRecord) => {
      const { error } = await service.rpc('record_purge_run', outcome);
      if (error) console.error(`Could not record the purge's outcome: ${error.message}`);
    };
    const failed = async (status: number, reason: string) => {
      await record({ succeeded: false, reason });
      return failure(status, reason);
    };

    const { data: purge, error: purgeError } = await service.rpc('purge_trash');
    if (purgeError) return failed(500, `Could not purge the trash: ${purgeError.message}`);
    // jsonb: its shape is purge_trash()'s (supabase/schemas/25_trash.sql).
    const { purged, files } = purge as unknown as { purged: number; files: StoredObject[] };
    const remove = async (objects: StoredObject[]) => {
      const byBucket = new Map<string, StoredObject[]>();
      for (const o of objects) byBucket.set(o.bucket_id, [...(byBucket.get(o.bucket_id) ?? []), o]);
      let removed = 0;
      for (const [bucket, inBucket] of byBucket)
        for (const batch of storageBatches(inBucket.map((o) => o.name))) {
          const { data, error } = await service.storage.from(bucket).remove(batch);
          if (error) throw new Error(`Could not remove objects from ${bucket}: ${error.message}`);
          removed += data.length;
        }
      return removed;
    };
    try {
      const filesRemoved = await remove(files);
      // Then the orphans (the entries' files just removed are no longer objects to list), a page at
      // a time: an RPC's answer stops at the API's max_rows (supabase/config.toml, 1,000). A page
      // not wholly removed, or ORPHAN_PAGES pages, end the run; the next run goes on.
      let orphansRemoved = 0;
      for (let page = 0; page < ORPHAN_PAGES; page++) {
        const { data: orphans, error } = await service.rpc('orphan_objects');
        if (error) return failed(500, `Could not list orphan objects: ${error.message}`);
        const removed = orphans.length ? await remove(orphans) : 0;
        orphansRemoved += removed;
        if (removed === 0 || removed < orphans.length) break;
      }
      await record({ succeeded: true, purged, files_removed: filesRemoved, orphans_removed: orphansRemoved });
      return reply(200, { purged, filesRemoved, orphansRemoved } satisfies PurgeOutcome);
    } catch (error) {
      // The entries are gone; their objects are orphans now, which the next run removes.
      return failed(502, (error as Error).message);
    }
  };
}

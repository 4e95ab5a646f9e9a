import { createClient } from '@supabase/supabase-js';
import { failure, reply, type FunctionEnv } from '../_shared/operator.ts';

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

/** Whether two strings are equal, in time that does not depend on where they first differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i];
  return difference === 0;
}

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
    const service = createClient(env.supabaseUrl, env.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: env.fetch },
      realtime: env.realtime,
    });

    const { data: purge, error: purgeError } = await service.rpc('purge_trash');
    if (purgeError) return failure(500, `Could not purge the trash: ${purgeError.message}`);
    const { purged, files } = purge as { purged: number; files: StoredObject[] };
    const { data: orphans, error: orphanError } = await service.rpc('orphan_objects');
    if (orphanError) return failure(500, `Could not list orphan objects: ${orphanError.message}`);

    const remove = async (objects: StoredObject[]) => {
      const byBucket = new Map<string, StoredObject[]>();
      for (const o of objects) byBucket.set(o.bucket_id, [...(byBucket.get(o.bucket_id) ?? []), o]);
      let removed = 0;
      for (const [bucket, inBucket] of byBucket) {
        const { data, error } = await service.storage.from(bucket).remove(inBucket.map((o) => o.name));
        if (error) throw new Error(`Could not remove objects from ${bucket}: ${error.message}`);
        removed += data.length;
      }
      return removed;
    };
    try {
      const filesRemoved = await remove(files);
      // An entry's file may also be listed as an orphan (its entry just went): removed once.
      const named = new Set(files.map((f) => `${f.bucket_id}/${f.name}`));
      const orphansRemoved = await remove(
        (orphans as StoredObject[]).filter((o) => !named.has(`${o.bucket_id}/${o.name}`)),
      );
      return reply(200, { purged, filesRemoved, orphansRemoved } satisfies PurgeOutcome);
    } catch (error) {
      // The entries are gone; their objects are orphans now, which the next run removes.
      return failure(502, (error as Error).message);
    }
  };
}

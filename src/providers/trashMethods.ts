import { HttpError, type DataProvider } from 'react-admin';
import type { DatabaseClient } from '../domain/database';
import { storageBatches } from '../domain/storage';
import { baseTable, type ResourceData } from './resourceData';

/** What a restore did, by entry id: those back in their tables, and those left in the trash. */
export interface RestoreOutcome {
  restored: string[];
  /** Not restored: no longer in the trash, not the caller's to restore, or no longer fitting (a tag key taken since). */
  refused: string[];
  /** Of the refused, those whose record's id is in use again (a record made since with that id). */
  id_taken: string[];
}

/** A resource with a trash: its react-admin name and the table its entries name. */
export interface TrashKind {
  name: string;
  table: string;
}

/** The retention purge's last run, when it failed: when, and why (public.trash_purge_runs). */
export interface PurgeFailure {
  ranAt: string;
  reason: string;
}

interface StoredObject {
  bucket_id: string;
  name: string;
}

/**
 * The trash (supabase/schemas/25_trash.sql) as typed custom methods of the admin's
 * data provider. Deleting a record of a resource declared `trash` is a plain delete; the database
 * keeps the row in public.trash, which the Trash screen lists as the `trash` resource.
 */
export function createTrashMethods(client: DatabaseClient, resources: readonly ResourceData[]) {
  // An entry's `resource` is the table its trash trigger ran on, never the view a list reads.
  const kinds: TrashKind[] = resources
    .filter((r) => r.trash)
    .map((r) => ({ name: r.name, table: baseTable(r) }));
  const trashed = new Set(kinds.map((k) => k.name));
  /** An RPC's answer, or the HttpError react-admin's checkError reads (a session that lost access signs out). */
  const answer = <T>({
    data,
    error,
    status,
  }: {
    data: unknown;
    error: { message: string } | null;
    status: number;
  }) => {
    if (error) throw new HttpError(error.message, status, error);
    return data as T;
  };
  /**
   * Brings the rows of the entries `ids` (an entry's own id, not its row's) back: same id, every
   * field, their uploaded files (which never left).
   */
  const restoreFromTrash = async (ids: readonly string[]) =>
    answer<RestoreOutcome>(await client.rpc('admin_restore_trashed', { ids: [...ids] }));
  return {
    /** The resources with a trash: what a trash entry's `resource` (its table) is called in the admin. */
    trashKinds: () => kinds,
    /** Whether deleting a record of `resource` moves it to the trash (its delete toast offers Undo). */
    hasTrash: (resource: string) => trashed.has(resource),
    restoreFromTrash,
    /**
     * The Undo of a delete of the records `ids` of `resource`: restores the entries that delete
     * made, each record's newest of its table (an entry of another table, or an older deletion of
     * the same id, is another entry). A record no longer in the trash is refused under its own id.
     */
    async undoDelete(resource: string, ids: readonly string[]): Promise<RestoreOutcome> {
      const table = kinds.find((k) => k.name === resource)?.table;
      if (!table) return { restored: [], refused: [...ids], id_taken: [] };
      const found = answer<{ id: string; record_id: string }[]>(
        await client
          .from('trash')
          .select('id, record_id')
          .eq('resource', table)
          .in('record_id', [...ids])
          .order('deleted_at', { ascending: false })
          .order('id', { ascending: false }),
      );
      const newest = new Map<string, string>();
      for (const e of found) if (!newest.has(e.record_id)) newest.set(e.record_id, e.id);
      const outcome = await restoreFromTrash([...newest.values()]);
      return { ...outcome, refused: [...outcome.refused, ...ids.filter((id) => !newest.has(id))] };
    },
    /**
     * Owners: removes the entries for good, then the files their rows named. A file that cannot be
     * removed now is left to the purge's orphan sweep (supabase/functions/purge-trash), as a cost,
     * not an error the owner can act on.
     */
    async deleteForever(ids: readonly string[]): Promise<{ deleted: number }> {
      const { deleted, files } = answer<{ deleted: number; files: StoredObject[] }>(
        await client.rpc('admin_delete_forever', { ids: [...ids] }),
      );
      const buckets = new Map<string, string[]>();
      for (const f of files) buckets.set(f.bucket_id, [...(buckets.get(f.bucket_id) ?? []), f.name]);
      for (const [bucket, names] of buckets)
        for (const batch of storageBatches(names)) {
          const { error } = await client.storage.from(bucket).remove(batch);
          if (error) console.error(`Files of deleted records left for the purge in ${bucket}:`, error);
        }
      return { deleted };
    },
    /** The purge's last run when it failed, or null (it succeeded, or none has run yet). */
    async lastPurgeFailure(): Promise<PurgeFailure | null> {
      const [last] = answer<{ ran_at: string; succeeded: boolean; reason: string | null }[]>(
        await client
          .from('trash_purge_runs')
          .select('ran_at, succeeded, reason')
          .order('ran_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(1),
      );
      return last && !last.succeeded ? { ranAt: last.ran_at, reason: last.reason ?? '' } : null;
    },
    /** Days an entry waits before the purge deletes it forever (admin_settings.trash_retention_days). */
    trashRetentionDays: async () => answer<number>(await client.rpc('admin_trash_retention_days')),
    /** Owners: sets that period. */
    setTrashRetentionDays: async (days: number) =>
      answer<{ trash_retention_days: number }>(
        await client.rpc('update_admin_settings', { trash_retention_days: days }),
      ).trash_retention_days,
  };
}

/** What the trash adds to the data provider. */
export type TrashMethods = ReturnType<typeof createTrashMethods>;
/** The data provider as the Trash screen and the delete toasts read it. */
export type TrashDataProvider = DataProvider & TrashMethods;

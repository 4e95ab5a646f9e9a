import { HttpError } from 'react-admin';
import type { DatabaseClient } from '../../domain/database';
import { VersionRefusedError } from '../../providers/versionedUpdates';

/** A version's editable fields by name (supabase/schemas/20_audit.sql). */
export type VersionValues = Record<string, unknown>;

/**
 * A record's versions, rebuilt by the database from the audit trail: `table` is the audited table
 * (public.audit_log.resource), `entryId` the entry after which the version stood.
 */
export function createVersionMethods(client: DatabaseClient) {
  return {
    /** The record's editable fields as they stood after that entry. */
    async getRecordVersion(table: string, id: string, entryId: number) {
      const { data, error, status } = await client.rpc('admin_record_version', {
        resource: table,
        record_id: id,
        entry_id: entryId,
      });
      // An HttpError with the status lets react-admin's checkError sign out a session that lost access.
      if (error) throw new HttpError(error.message, status, error);
      return data as VersionValues;
    },
    /**
     * Writes that version back as a new change (audited as a restore); answers the row now. A
     * versioned write: `version` is the record's updated_at the comparison was made against, and a
     * record changed since (or gone) refuses it (PT409) with the refusal a stale save throws
     * (src/providers/versionedUpdates.ts), read again to name the newer version. With `language`,
     * only that language's text ('en': the columns; 'hi': translations.hi), the others kept as now.
     */
    async restoreVersion(table: string, id: string, entryId: number, version: string, language?: string) {
      const { data, error, status } = await client.rpc('admin_restore_version', {
        resource: table,
        record_id: id,
        entry_id: entryId,
        version,
        ...(language ? { language } : {}),
      });
      if (error?.code === 'PT409') {
        // `table` is one of private.versions()'s (the rpc just named it); only its version is read.
        const now = await client
          .from(table as 'news')
          .select('id, updated_at')
          .eq('id', id)
          .maybeSingle();
        if (now.error) throw new HttpError(now.error.message, now.status, now.error);
        const current = now.data as ({ id: string; updated_at?: string } & Record<string, unknown>) | null;
        const reason = current ? 'conflict' : 'deleted';
        throw new VersionRefusedError({
          reason,
          refused: [current ? { id, reason, current } : { id, reason }],
          saved: [],
        });
      }
      if (error) throw new HttpError(error.message, status, error);
      return data as VersionValues;
    },
  };
}

/** What the version methods add to the data provider (RecordHistory reads the provider as this). */
export type VersionMethods = ReturnType<typeof createVersionMethods>;

import { HttpError } from 'react-admin';
import type { DatabaseClient } from '../../domain/database';

/** A version's editable fields by name (supabase/migrations/20241101002800_restore_version.sql). */
export type VersionValues = Record<string, unknown>;

/**
 * A record's versions, rebuilt by the database from the audit trail: `table` is the audited table
 * (public.audit_log.resource), `entryId` the entry after which the version stood.
 */
export function createVersionMethods(client: DatabaseClient) {
  const call = async (
    fn: 'admin_record_version' | 'admin_restore_version',
    table: string,
    id: string,
    entryId: number,
  ) => {
    const { data, error, status } = await client.rpc(fn, {
      resource: table,
      record_id: id,
      entry_id: entryId,
    });
    // An HttpError with the status lets react-admin's checkError sign out a session that lost access.
    if (error) throw new HttpError(error.message, status, error);
    return data as VersionValues;
  };
  return {
    /** The record's editable fields as they stood after that entry. */
    getRecordVersion: (table: string, id: string, entryId: number) =>
      call('admin_record_version', table, id, entryId),
    /** Writes that version back as a new change (audited as a restore); answers the row now. */
    restoreVersion: (table: string, id: string, entryId: number) =>
      call('admin_restore_version', table, id, entryId),
  };
}

/** What the version methods add to the data provider (RecordHistory reads the provider as this). */
export type VersionMethods = ReturnType<typeof createVersionMethods>;

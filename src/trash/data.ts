import type { Tables } from '../database.types';
import { defineResourceData } from '../providers/resourceData';

/**
 * An entry of public.trash: a deleted row (`record`, whole), what named it (`label`), the table it
 * came from (`resource`), who deleted it and when, kept until restored, deleted forever or purged.
 * Its `id` is its own (every delete makes a new entry); `record_id` is the deleted row's id, which
 * restoring brings it back under.
 */
export type TrashEntry = Tables<'trash'>;

/** The Trash: route /trash, table trash, newest deletion first, searched by name and by who deleted. */
export const trashData = defineResourceData<TrashEntry>({
  name: 'trash',
  searchColumns: ['label', 'deleted_by_email'],
  defaultSort: [{ field: 'deleted_at', ascending: false }],
});

import { defineResourceData } from '../providers/resourceData';

/** An entry of public.trash: a deleted row, kept until restored, deleted forever or purged. */
export interface TrashEntry {
  /** The deleted row's own id (restoring brings it back under it). */
  id: string;
  /** The table the row was deleted from. */
  resource: string;
  record: Record<string, unknown>;
  /** What named the row when it was deleted (an article's title, a tag's label, a sender's email). */
  label: string;
  restorers: string[];
  deleted_at: string;
  deleted_by: string | null;
  deleted_by_email: string | null;
}

/** The Trash: route /trash, table trash, newest deletion first, searched by name and by who deleted. */
export const trashData = defineResourceData<TrashEntry>({
  name: 'trash',
  searchColumns: ['label', 'deleted_by_email'],
  defaultSort: [{ field: 'deleted_at', ascending: false }],
});

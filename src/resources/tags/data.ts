import type { Tables } from '../../database.types';
import { defineResourceData } from '../../providers/resourceData';

/** A row of tags. */
export type Tag = Tables<'tags'>;

/** Tags Management: by category, then sort order (two keys), searched by label, key or category. */
export const tagsData = defineResourceData<Tag>({
  name: 'tags',
  liveTable: 'tags',
  versioned: true,
  trash: true,
  seekTable: 'tags',
  searchColumns: ['label', 'key', 'category'],
  defaultSort: [
    { field: 'category', ascending: true },
    { field: 'sort_order', ascending: true },
  ],
});

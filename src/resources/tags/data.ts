import type { TagValues } from '../../domain/contentSchemas';
import { defineResourceData } from '../../providers/resourceData';

/** A row of tags. */
export type Tag = TagValues & { id: string; created_at: string };

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

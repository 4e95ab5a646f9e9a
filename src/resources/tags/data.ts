import type { Tables } from '../../database.types';
import { defineResourceData } from '../../providers/resourceData';
import { missingLanguageConditions, translatedColumns } from '../../domain/contentLanguages';

/** A row of tags. */
export type Tag = Tables<'tags'>;

/** Tags Management: by category, then sort order (two keys), searched by label, key or category. */
export const tagsData = defineResourceData<Tag>({
  name: 'tags',
  audit: { label: 'label' },
  live: true,
  versioned: true,
  versions: true,
  trash: true,
  writes: ['insert', 'update', 'delete'],
  seek: ['owner', 'editor', 'support'],
  searchColumns: ['label', 'key', 'category', ...translatedColumns('label')],
  derivedFilters: { missing: missingLanguageConditions },
  defaultSort: [
    { field: 'category', ascending: true },
    { field: 'sort_order', ascending: true },
  ],
});

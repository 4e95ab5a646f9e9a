import type { Tables } from '../../database.types';
import { defineResourceData } from '../../providers/resourceData';
import { missingLanguageConditions, translatedColumns } from '../../domain/contentLanguages';

/** A row of health_tips. */
export type HealthTip = Tables<'health_tips'>;

/** Health Tips: route /health-tips, table health_tips, searched by text. */
export const healthTipsData = defineResourceData<HealthTip>({
  name: 'health-tips',
  audit: { label: 'tip', maxChars: 120 },
  live: true,
  versioned: true,
  versions: true,
  trash: true,
  writes: ['insert', 'update', 'delete'],
  seek: ['owner', 'editor', 'support'],
  searchColumns: ['tip', ...translatedColumns('tip')],
  derivedFilters: { missing: missingLanguageConditions },
  defaultSort: [{ field: 'created_at', ascending: false }],
});

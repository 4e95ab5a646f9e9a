import type { ViewRow } from '../../domain/database';
import { defineResourceData } from '../../providers/resourceData';
import { scoreBandConditions, textEqualsConditions } from '../../providers/search';

/** A row of admin_scans: a scan with its owner's email (`owner_email`). */
export type Scan = ViewRow<'admin_scans', 'scans'>;

/** Food Scans: read-only, through the admin view, searched by name, category or owner email. */
export const scansData = defineResourceData<Scan>({
  name: 'scans',
  live: true,
  table: 'admin_scans',
  seek: ['owner', 'support'],
  searchColumns: ['name', 'category'],
  searchOwnerEmail: true,
  derivedFilters: { score_band: scoreBandConditions, category: textEqualsConditions('category') },
  defaultSort: [{ field: 'created_at', ascending: false }],
  csv: {
    fileName: 'scans',
    row: (scan) => ({
      id: scan.id,
      name: scan.name,
      category: scan.category,
      health_score: scan.health_score,
      is_favorite: scan.is_favorite,
      owner: scan.owner_email ?? '',
      created_at: scan.created_at,
      ingredients: scan.ingredients,
      allergens: scan.allergens,
    }),
  },
});

import { defineResourceData } from '../../providers/resourceData';
import { scoreBandConditions, textEqualsConditions } from '../../providers/search';

/** A row of admin_scans: a scan with its owner's email. */
export interface Scan {
  id: string;
  user_id: string | null;
  owner_email: string | null;
  name: string | null;
  description: string | null;
  image_url: string | null;
  /** The label photo in the scan-images bucket (<user id>/<file>), shown through a signed URL. */
  image_path: string | null;
  health_score: number | null;
  category: string | null;
  analysis: string | null;
  ingredients: string[];
  health_benefits: string[];
  health_risks: string[];
  allergens: string[];
  nutrition_facts: Record<string, unknown> | null;
  healthy_recipe: string | null;
  is_favorite: boolean;
  created_at: string;
}

/** Food Scans: read-only, through the admin view, searched by name, category or owner email. */
export const scansData = defineResourceData<Scan>({
  name: 'scans',
  liveTable: 'scans',
  table: 'admin_scans',
  seekTable: 'scans',
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

import type { scansStrings as english } from '../../resources/scans';
import type { Wording } from '../../wording';

/** The scans resource in Hindi (src/i18n/resources/scans.ts). */
export const scansStrings: Wording<typeof english> = {
  name: 'स्कैन |||| स्कैन',
  fields: {
    name: 'नाम',
    category: 'श्रेणी',
    health_score: 'हेल्थ स्कोर',
    is_favorite: 'पसंदीदा',
    user_id: 'मालिक',
    created_at: 'कब हुआ',
  },
};

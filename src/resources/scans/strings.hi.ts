import type { strings as english } from './strings';
import type { Wording } from '../../i18n/wording';

/** The scans resource in Hindi (src/resources/scans/strings.ts). */
export const strings: Wording<typeof english> = {
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

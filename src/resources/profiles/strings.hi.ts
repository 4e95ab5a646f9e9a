import type { strings as english } from './strings';
import type { Wording } from '../../i18n/wording';

/** The profiles resource in Hindi (src/resources/profiles/strings.ts). */
export const strings: Wording<typeof english> = {
  name: 'प्रोफ़ाइल |||| प्रोफ़ाइल',
  fields: {
    name: 'नाम',
    relationship: 'रिश्ता',
    age: 'उम्र / लिंग',
    gender: 'लिंग',
    height: 'लंबाई / वज़न',
    weight: 'वज़न (किग्रा)',
    date_of_birth: 'जन्म तिथि',
    health_conditions: 'बीमारियाँ',
    allergies: 'एलर्जी',
    dietary_restrictions: 'खान-पान की पाबंदियाँ',
    scans_count: 'स्कैन',
    avg_health_score: 'औसत हेल्थ स्कोर',
    last_scan_date: 'पिछला स्कैन',
    user_id: 'मालिक',
    created_at: 'बनाई गई',
    updated_at: 'पिछला बदलाव',
  },
};

import type { strings as english } from './strings';
import type { Wording } from '../../i18n/wording';

/** The users resource in Hindi (src/resources/users/strings.ts). */
export const strings: Wording<typeof english> = {
  name: 'उपयोगकर्ता |||| उपयोगकर्ता',
  fields: {
    email: 'उपयोगकर्ता',
    status: 'स्थिति',
    provider: 'लॉग इन का तरीक़ा',
    phone: 'फ़ोन',
    created_at: 'पहली गतिविधि',
    last_sign_in_at: 'पिछली गतिविधि',
  },
};

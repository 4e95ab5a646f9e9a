import type { strings as english } from './strings';
import type { Wording } from '../../i18n/wording';

/** The chats resource in Hindi (src/resources/chats/strings.ts). */
export const strings: Wording<typeof english> = {
  name: 'चैट |||| चैट',
  fields: {
    title: 'शीर्षक',
    user_id: 'उपयोगकर्ता',
    message_count: 'संदेश',
    created_at: 'शुरू हुई',
    updated_at: 'पिछला बदलाव',
  },
};

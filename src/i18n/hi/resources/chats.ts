import type { chatsStrings as english } from '../../resources/chats';
import type { Wording } from '../../wording';

/** The chats resource in Hindi (src/i18n/resources/chats.ts). */
export const chatsStrings: Wording<typeof english> = {
  name: 'चैट |||| चैट',
  fields: {
    title: 'शीर्षक',
    user_id: 'उपयोगकर्ता',
    message_count: 'संदेश',
    created_at: 'शुरू हुई',
    updated_at: 'पिछला बदलाव',
  },
};

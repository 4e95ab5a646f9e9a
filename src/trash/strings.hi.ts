import type { strings as english } from './strings';
import type { Wording } from '../i18n/wording';

/** The trash resource in Hindi (src/trash/strings.ts). */
export const strings: Wording<typeof english> = {
  name: 'हटाया गया आइटम |||| हटाए गए आइटम',
  heading: 'ट्रैश',
  count: '%{count} हटाया गया आइटम |||| %{count} हटाए गए आइटम',
  search: 'नाम से या हटाने वाले से खोजें...',
  all_kinds: 'सब कुछ',
  empty: 'ट्रैश ख़ाली है',
  fields: {
    label: 'नाम',
    resource: 'प्रकार',
    deleted_by_email: 'किसने हटाया',
    deleted_at: 'कब हटाया',
    actions: 'कार्रवाई',
  },
  notifications: {
    fetch_failed: 'ट्रैश लोड नहीं हो सका',
  },
};

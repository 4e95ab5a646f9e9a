import type { strings as english } from './strings';
import type { Wording } from '../i18n/wording';

/** The notifications resource in Hindi (src/notifications/strings.ts). */
export const strings: Wording<typeof english> = {
  name: 'सूचना |||| सूचनाएँ',
};

import type { notificationsStrings as english } from '../../resources/notifications';
import type { Wording } from '../../wording';

/** The notifications resource in Hindi (src/i18n/resources/notifications.ts). */
export const notificationsStrings: Wording<typeof english> = {
  name: 'सूचना |||| सूचनाएँ',
};

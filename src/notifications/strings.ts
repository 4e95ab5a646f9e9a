/** The strings of the notifications resource, the push history (resources.notifications, merged into src/i18n/en.ts). */
export const strings = {
  name: 'Notification |||| Notifications',
};

/** The strings of the chats resource (resources.chats, merged into src/i18n/en.ts). */
export const strings = {
  name: 'Chat |||| Chats',
  fields: {
    title: 'Title',
    user_id: 'User',
    message_count: 'Messages',
    created_at: 'Created',
    updated_at: 'Updated',
  },
};

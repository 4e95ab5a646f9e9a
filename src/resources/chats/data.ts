import type { ViewRow } from '../../domain/database';
import { defineResourceData } from '../../providers/resourceData';
import { hasUserConditions } from '../../providers/search';

/** A row of admin_chats: a chat with its owner's email and number of messages. */
export type Chat = ViewRow<'admin_chats', 'chats'>;

/** Chat Sessions: read-only, through the admin view, searched by title or owner email. */
export const chatsData = defineResourceData<Chat>({
  name: 'chats',
  live: true,
  table: 'admin_chats',
  seek: ['owner', 'support'],
  searchColumns: ['title'],
  searchOwnerEmail: true,
  derivedFilters: { has_user: hasUserConditions },
  defaultSort: [{ field: 'created_at', ascending: false }],
  csv: {
    fileName: 'chats',
    // An anonymous chat's user cell stays empty; user_id (also empty) says the same in any language.
    row: (chat) => ({
      id: chat.id,
      title: chat.title,
      user: chat.owner_email ?? '',
      user_id: chat.user_id,
      message_count: chat.message_count,
      created_at: chat.created_at,
      updated_at: chat.updated_at,
    }),
  },
});

import { useRecordContext, useTranslate } from 'react-admin';

export interface Chat {
  id: string;
  title: string | null;
  user_id: string | null;
  owner_email: string | null;
  message_count: number;
  created_at: string;
  updated_at: string;
}

/** A chat's title, or "Untitled chat". */
export function useChatTitle() {
  const translate = useTranslate();
  return (chat: Pick<Chat, 'title'>) =>
    chat.title?.trim() ? chat.title : translate('labellens.chats.untitled');
}

export function ChatTitleField() {
  const chat = useRecordContext<Chat>();
  const chatTitle = useChatTitle();
  return chat ? <>{chatTitle(chat)}</> : null;
}

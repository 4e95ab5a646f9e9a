import { useRecordContext, useTranslate } from 'react-admin';
import type { Chat } from './data';

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

import { Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { RecordDialog } from '../../list';
import { DateTimeField, DetailCell, DetailsGrid, OwnerField, RecordIdField } from '../../list/fields';
import { useChatTitle } from './ChatFields';
import type { Chat } from './data';
import { ChatMessages } from './ChatMessages';

function ChatDetails() {
  const chat = useRecordContext<Chat>();
  if (!chat) return null;
  return (
    <Stack spacing={2}>
      <DetailsGrid>
        <DetailCell label="resources.chats.fields.user_id">
          <OwnerField />
        </DetailCell>
        <DetailCell label="labellens.records.id">
          <RecordIdField shortened />
        </DetailCell>
        <DetailCell label="resources.chats.fields.created_at">
          <DateTimeField source="created_at" showTime />
        </DetailCell>
        <DetailCell label="resources.chats.fields.updated_at">
          <DateTimeField source="updated_at" showTime />
        </DetailCell>
      </DetailsGrid>
      <ChatMessages chatId={chat.id} />
    </Stack>
  );
}

/** The chat's dialog with its messages, at /admin/chats/:id/show. */
export function ChatShow({ id, onClose }: { id: string; onClose: () => void }) {
  const chatTitle = useChatTitle();
  return (
    <RecordDialog<Chat>
      resource="chats"
      id={id}
      onClose={onClose}
      title={chatTitle}
      missingMessage="labellens.chats.missing"
    >
      <ChatDetails />
    </RecordDialog>
  );
}

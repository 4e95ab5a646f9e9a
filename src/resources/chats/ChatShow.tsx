import { Stack, Typography } from '@mui/material';
import { DateField, useRecordContext } from 'react-admin';
import { shortenedId } from '../../domain/adminRecords';
import { RecordDialog } from '../../list';
import { DetailItem, OwnerField } from '../../list/fields';
import { useChatTitle } from './ChatFields';
import type { Chat } from './data';
import { ChatMessages } from './ChatMessages';

function ChatDetails() {
  const chat = useRecordContext<Chat>();
  if (!chat) return null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <DetailItem label="resources.chats.fields.user_id">
          <OwnerField />
        </DetailItem>
        <DetailItem label="labellens.records.id">
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }} title={chat.id}>
            {shortenedId(chat.id)}
          </Typography>
        </DetailItem>
        <DetailItem label="resources.chats.fields.created_at">
          <DateField source="created_at" showTime />
        </DetailItem>
        <DetailItem label="resources.chats.fields.updated_at">
          <DateField source="updated_at" showTime />
        </DetailItem>
      </Stack>
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

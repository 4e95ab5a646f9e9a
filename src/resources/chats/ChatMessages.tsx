import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useGetList, useTranslate } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { countParams } from '../../domain/format';
import type { Tables } from '../../database.types';

type Message = Tables<'messages'>;

/** Most messages one dialog shows; a longer chat says how many more there are. */
const MESSAGES_SHOWN = 500;

/** One message, aligned and coloured by role: the user's on the right, every other role on the left. */
function MessageBubble({ message }: { message: Message }) {
  const translate = useTranslate();
  const fromUser = message.role === 'user';
  return (
    <Box
      data-testid="chat-message"
      data-role={message.role}
      sx={{
        alignSelf: fromUser ? 'flex-end' : 'flex-start',
        maxWidth: '80%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: fromUser ? 'primary.main' : 'action.hover',
        color: fromUser ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography variant="caption" component="p" sx={{ textTransform: 'capitalize' }}>
        {translate(`labellens.chats.roles.${message.role}`, { _: message.role })} ·{' '}
        <RecordContextProvider value={message}>
          <DateTimeField source="created_at" showTime />
        </RecordContextProvider>
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.content}
      </Typography>
    </Box>
  );
}

/** The chat's messages, oldest first (one request on the (chat_id, created_at) index). */
export function ChatMessages({ chatId }: { chatId: string }) {
  const translate = useTranslate();
  const { data, total, isPending, error, refetch } = useGetList<Message>(
    'messages',
    {
      filter: { chat_id: chatId },
      sort: { field: 'created_at', order: 'ASC' },
      pagination: { page: 1, perPage: MESSAGES_SHOWN },
    },
    { retry: false },
  );
  if (isPending) return <Skeleton variant="rectangular" height={120} />;
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            {translate('labellens.list.retry')}
          </Button>
        }
      >
        {translate('labellens.chats.messages_error')}
      </Alert>
    );
  }
  if (!data.length)
    return <Typography color="text.secondary">{translate('labellens.chats.no_messages')}</Typography>;
  return (
    <Stack spacing={1}>
      {data.map((message) => (
        <MessageBubble key={message.id} message={message} />
      ))}
      {total !== undefined && total > data.length && (
        <Typography variant="caption" color="text.secondary">
          {translate('labellens.chats.more_messages', countParams(total - data.length))}
        </Typography>
      )}
    </Stack>
  );
}

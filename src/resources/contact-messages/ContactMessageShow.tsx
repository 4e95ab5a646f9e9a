import ArchiveIcon from '@mui/icons-material/Archive';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import ReplyIcon from '@mui/icons-material/Reply';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { RecordTabs } from '../audit-log/RecordTabs';
import { RecordDialog } from '../../list';
import { replyHref, senderName } from './statuses';
import type { ContactMessage } from './data';
import { StatusChip } from './StatusChip';
import { PersonLink } from '../../list/PersonLink';
import { useAccountByEmail } from '../users/useAccountByEmail';
import { useSetStatus } from './useSetStatus';

/** A message shown whole. Opening a new message marks it read. */
export function ContactMessageShow({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <RecordDialog<ContactMessage>
      resource="contact-messages"
      id={id}
      onClose={onClose}
      title={(message) => message.subject || translate('resources.contact-messages.no_subject')}
    >
      <RecordTabs table="contact_messages" id={id}>
        <MessageDetails />
      </RecordTabs>
    </RecordDialog>
  );
}

function MessageDetails() {
  const translate = useTranslate();
  const message = useRecordContext<ContactMessage>();
  const { setStatus, isPending } = useSetStatus();
  // Only the status the message had when it was opened counts: "Mark as new" must stick.
  const opened = useRef<string | null>(null);
  // A sender with an account links to their page.
  const account = useAccountByEmail(message?.email);

  useEffect(() => {
    if (!message || opened.current === message.id) return;
    opened.current = message.id;
    if (message.status === 'new') setStatus(message, 'read', { silent: true });
  }, [message, setStatus]);

  if (!message) return null;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <StatusChip status={message.status} />
        <Typography variant="subtitle2">
          {account ? <PersonLink userId={account.id}>{senderName(message)}</PersonLink> : senderName(message)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          &lt;{message.email}&gt;
        </Typography>
        <Box sx={{ flex: 1 }} />
        <DateTimeField source="created_at" showTime variant="body2" color="text.secondary" />
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', mb: 3 }}>{message.message}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<ReplyIcon />} href={replyHref(message, translate)}>
          {translate('resources.contact-messages.reply')}
        </Button>
        {message.status !== 'archived' && (
          <Button
            startIcon={<ArchiveIcon />}
            disabled={isPending}
            onClick={() => setStatus(message, 'archived')}
          >
            {translate('resources.contact-messages.archive')}
          </Button>
        )}
        <Button
          startIcon={<MarkEmailUnreadIcon />}
          disabled={isPending}
          onClick={() => setStatus(message, 'new')}
        >
          {translate('resources.contact-messages.mark_new')}
        </Button>
      </Stack>
    </>
  );
}

import { Box, Typography } from '@mui/material';
import { DataTable, SelectInput, TextField, useRecordContext, WithRecord } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { useBulkActions } from '../../editing/bulkActions';
import { DeleteRecordButton } from '../../editing/DeleteRecordButton';
import { NEWS_LIMITS } from '../../domain/limits';
import { preview } from '../../domain/preview';
import { AdminList, ListErrorState, ShowDialogButton } from '../../list';
import { ContactMessageShow } from './ContactMessageShow';
import { senderName, STATUS_CHOICES } from './statuses';
import type { ContactMessage } from './data';
import { StatusChip } from './StatusChip';
import { contactMessagesData } from './data';

const inboxFilters = [
  <SelectInput
    key="status"
    source="status"
    label="resources.contact-messages.fields.status"
    choices={STATUS_CHOICES}
    emptyText="resources.contact-messages.all_statuses"
    alwaysOn
  />,
];

/** The Contact Inbox: the site's contact-form messages, newest first, opened in a route-driven dialog. */
export default function ContactMessageList() {
  const bulkActions = useBulkActions(contactMessagesData.name);
  return (
    <AdminList
      resource={contactMessagesData}
      title="resources.contact-messages.heading"
      searchPlaceholder="resources.contact-messages.search"
      filters={inboxFilters}
      error={<ListErrorState message="resources.contact-messages.notifications.fetch_failed" />}
      skeletonColumns={5}
      dialogs={{ show: ContactMessageShow }}
      phone={{
        primary: <Sender />,
        secondary: (
          <>
            <WithRecord<ContactMessage> render={(record) => <StatusChip status={record.status} />} />
            <TextField source="subject" />
          </>
        ),
        tertiary: <DateTimeField source="created_at" />,
      }}
    >
      <DataTable<ContactMessage> bulkActionButtons={bulkActions} rowClick="show">
        <DataTable.Col source="status" render={(record) => <StatusChip status={record.status} />} />
        <DataTable.Col source="first_name" label="resources.contact-messages.fields.sender">
          <Sender />
        </DataTable.Col>
        <DataTable.Col source="subject" label="resources.contact-messages.fields.message">
          <SubjectAndPreview />
        </DataTable.Col>
        <DataTable.Col source="created_at" field={DateTimeField} />
        <DataTable.Col>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <ShowDialogButton />
            <DeleteRecordButton />
          </Box>
        </DataTable.Col>
      </DataTable>
    </AdminList>
  );
}

function Sender() {
  const record = useRecordContext<ContactMessage>();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: record.status === 'new' ? 600 : 400 }}>
        {senderName(record)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {record.email}
      </Typography>
    </Box>
  );
}

function SubjectAndPreview() {
  const record = useRecordContext<ContactMessage>();
  if (!record) return null;
  return (
    <Box sx={{ maxWidth: 560 }}>
      <Typography variant="body2" sx={{ fontWeight: record.status === 'new' ? 600 : 400 }}>
        {record.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {preview(record.message, NEWS_LIMITS.previewChars)}
      </Typography>
    </Box>
  );
}

import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, Card, Chip, Stack, Typography } from '@mui/material';
import {
  DataTable,
  ListContextProvider,
  ResourceContextProvider,
  useListController,
  useTranslate,
  WithRecord,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../list/fields';
import { usePhone } from '../layout/phone';
import { ListPagination } from '../list/ListPagination';
import { PhoneList } from '../list/PhoneList';
import { PersonLink } from '../list/PersonLink';
import { HISTORY_RESOURCE, type HistoryRow } from './data';

const STATUS_COLORS = { sent: 'success', failed: 'error', pending: 'default' } as const;

function StatusChip({ status }: { status: HistoryRow['status'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      label={translate(`labellens.notifications.history.statuses.${status}`)}
    />
  );
}

function Content({ row }: { row: HistoryRow }) {
  return (
    <Box sx={{ maxWidth: 360 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {row.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {row.body}
      </Typography>
    </Box>
  );
}

function Outcome({ row }: { row: HistoryRow }) {
  const text = row.status === 'failed' ? row.error : row.message_id;
  return (
    <Typography
      variant="body2"
      color={row.status === 'failed' ? 'error' : 'text.primary'}
      sx={{ fontFamily: row.status === 'failed' ? undefined : 'monospace', overflowWrap: 'anywhere' }}
    >
      {text}
    </Typography>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
      {translate('labellens.notifications.history.empty')}
    </Typography>
  );
}

/** The History tab: every admin's sends from the notifications table, newest first, a page at a time. */
export function NotificationHistory({ onSendAgain }: { onSendAgain: (row: HistoryRow) => void }) {
  const translate = useTranslate();
  const list = useListController<HistoryRow & RaRecord>({
    resource: HISTORY_RESOURCE,
    sort: { field: 'created_at', order: 'DESC' },
    perPage: 10,
    disableSyncWithLocation: true,
  });
  const user = (email: string | null) => email ?? translate('labellens.notifications.history.unknown_user');
  const label = (key: string) => `labellens.notifications.history.${key}`;
  const isPhone = usePhone();
  const sendAgain = (row: HistoryRow) => (
    <Button size="small" startIcon={<ReplayIcon />} onClick={() => onSendAgain(row)}>
      {translate(label('send_again'))}
    </Button>
  );

  if (list.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => list.refetch()}>
            {translate('labellens.notifications.history.retry')}
          </Button>
        }
      >
        {translate('labellens.notifications.history.load_error')}
      </Alert>
    );

  // On a phone each send is a row of the simple list: content, status, recipient, Send again.
  if (isPhone)
    return (
      <ResourceContextProvider value={HISTORY_RESOURCE}>
        <ListContextProvider value={list}>
          <Card>
            <PhoneList
              opens={false}
              empty={<Empty />}
              primary={<WithRecord<HistoryRow> render={(row) => <Content row={row} />} />}
              secondary={
                <WithRecord<HistoryRow>
                  render={(row) => (
                    <>
                      <StatusChip status={row.status} />
                      <PersonLink userId={row.user_id}>{user(row.recipient_email)}</PersonLink>
                      {sendAgain(row)}
                    </>
                  )}
                />
              }
              tertiary={<DateTimeField source="created_at" showTime />}
            />
            <ListPagination />
          </Card>
        </ListContextProvider>
      </ResourceContextProvider>
    );

  return (
    <ResourceContextProvider value={HISTORY_RESOURCE}>
      <ListContextProvider value={list}>
        <Card>
          <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
            <DataTable.Col
              source="created_at"
              label={label('sent_at')}
              render={(row: HistoryRow) => <DateTimeField source="created_at" record={row} showTime />}
            />
            <DataTable.Col
              source="status"
              label={label('status')}
              render={(row: HistoryRow) => <StatusChip status={row.status} />}
            />
            <DataTable.Col
              source="recipient_email"
              label={label('recipient')}
              render={(row: HistoryRow) => (
                <PersonLink userId={row.user_id}>{user(row.recipient_email)}</PersonLink>
              )}
            />
            <DataTable.Col
              source="sender_email"
              label={label('sender')}
              render={(row: HistoryRow) => user(row.sender_email)}
            />
            <DataTable.Col
              source="title"
              label={label('content')}
              disableSort
              render={(row: HistoryRow) => <Content row={row} />}
            />
            <DataTable.Col
              source="data"
              label={label('data')}
              disableSort
              render={(row: HistoryRow) =>
                Object.keys(row.data).length ? (
                  <Box component="code" sx={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                    {JSON.stringify(row.data)}
                  </Box>
                ) : null
              }
            />
            <DataTable.Col
              source="message_id"
              label={label('outcome')}
              disableSort
              render={(row: HistoryRow) => <Outcome row={row} />}
            />
            <DataTable.Col
              label=""
              render={(row: HistoryRow) => <Stack direction="row">{sendAgain(row)}</Stack>}
            />
          </DataTable>
          <ListPagination />
        </Card>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

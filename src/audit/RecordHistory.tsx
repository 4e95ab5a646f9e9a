import { Alert, Box, CircularProgress, List, ListItem, Typography } from '@mui/material';
import { useGetList, useTranslate, type Identifier } from 'react-admin';
import { formatDateTime } from '../domain/format';
import type { AuditEntry } from '../domain/audit';
import { ChangesTable } from './ChangesTable';
import { actionLabel } from './labels';

/** How many of a record's changes the History tab shows (newest first). */
const HISTORY_LIMIT = 50;

/**
 * A record's History tab: its entries in the audit trail, newest first, each field that changed
 * with its value before and after. `table` is the audited table (public.audit_log.resource).
 */
export function RecordHistory({ table, id }: { table: string; id: Identifier }) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<AuditEntry>('audit-log', {
    filter: { resource: table, record_id: String(id) },
    sort: { field: 'occurred_at', order: 'DESC' },
    pagination: { page: 1, perPage: HISTORY_LIMIT },
  });
  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress size={24} aria-label={translate('labellens.audit.history')} />
      </Box>
    );
  if (error) return <Alert severity="error">{translate('labellens.audit.history_error')}</Alert>;
  if (!data?.length)
    return <Typography color="text.secondary">{translate('labellens.audit.no_history')}</Typography>;
  return (
    <List aria-label={translate('labellens.audit.history')} disablePadding>
      {data.map((entry) => (
        <ListItem key={entry.id} divider sx={{ display: 'block', px: 0 }}>
          <Typography variant="subtitle2" component="p">
            {translate(actionLabel(entry.action), { _: entry.action })} ·{' '}
            {entry.actor_email ?? translate('labellens.audit.system')} · {formatDateTime(entry.occurred_at)}
          </Typography>
          <ChangesTable changes={entry.changes} />
        </ListItem>
      ))}
    </List>
  );
}

import { Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useBasename, useGetList, useTranslate } from 'react-admin';
import { formatDateTime } from '../../domain/format';
import { Link } from 'react-router-dom';
import type { AuditEntry } from '../../domain/audit';
import { actionLabel, resourceLabel } from './labels';

const RECENT = 8;

/** The dashboard's Recent Activity: the newest entries of the audit trail. */
export function RecentActivity() {
  const translate = useTranslate();
  const basename = useBasename();
  const { data, error } = useGetList<AuditEntry>('audit-log', {
    sort: { field: 'occurred_at', order: 'DESC' },
    pagination: { page: 1, perPage: RECENT },
  });
  return (
    <Card component="section" aria-labelledby="recent-activity-heading">
      <CardContent>
        <Typography id="recent-activity-heading" variant="h6" component="h2">
          {translate('labellens.audit.recent_activity')}
        </Typography>
        {error ? (
          <Typography color="error">{translate('labellens.audit.history_error')}</Typography>
        ) : data?.length === 0 ? (
          <Typography color="text.secondary">{translate('labellens.audit.no_activity')}</Typography>
        ) : (
          <List dense>
            {data?.map((entry) => (
              <ListItem key={entry.id} disableGutters>
                <ListItemText
                  primary={`${entry.actor_email ?? translate('labellens.audit.system')} · ${translate(actionLabel(entry.action), { _: entry.action })} · ${translate(resourceLabel(entry.resource), { _: entry.resource })}`}
                  secondary={formatDateTime(entry.occurred_at)}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Button component={Link} to={`${basename}/audit-log`} size="small">
          {translate('labellens.audit.view_all')}
        </Button>
      </CardContent>
    </Card>
  );
}

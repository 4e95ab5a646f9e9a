import { Card, CardContent, CardHeader, Chip, List, ListItem, ListItemText, Skeleton } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardStats } from '../domain/dashboardStats';
import { DASHBOARD } from '../domain/limits';
import { recentScanBadge, type RecentScanBadge } from '../domain/scoreBands';
import { idPrefix } from '../domain/adminRecords';
import { formatDateTime } from '../domain/format';

/** The spec's badge variants in MUI colours: default is the brand colour, destructive is an error. */
const BADGE_COLOR: Record<RecentScanBadge, 'primary' | 'default' | 'error'> = {
  default: 'primary',
  secondary: 'default',
  destructive: 'error',
};

export function RecentScans({ scans }: { scans?: DashboardStats['recent_scans'] }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-labelledby="recent-scans-title">
      <CardHeader
        title={translate('labellens.dashboard.recent_scans')}
        slotProps={{ title: { id: 'recent-scans-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {!scans ? (
          Array.from({ length: DASHBOARD.recentScans }, (_, i) => <Skeleton key={i} height={48} />)
        ) : scans.length === 0 ? (
          translate('labellens.dashboard.recent_empty')
        ) : (
          <List dense disablePadding>
            {scans.map((scan) => (
              <ListItem
                key={scan.id}
                disableGutters
                secondaryAction={
                  <Chip
                    size="small"
                    color={BADGE_COLOR[recentScanBadge(scan.health_score)]}
                    label={scan.health_score ?? translate('labellens.dashboard.not_available')}
                  />
                }
              >
                <ListItemText
                  primary={
                    scan.name || translate('labellens.dashboard.scan_fallback', { id: idPrefix(scan.id) })
                  }
                  secondary={formatDateTime(scan.created_at)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { RecentActivity } from '../resources/audit-log/RecentActivity';
import { SecondFactorReminder } from '../security/SecondFactorReminder';
import { formatDateTime, formatTime } from '../domain/format';
import { RecentScans } from './RecentScans';
import { ScoreDistribution } from './ScoreDistribution';
import { LiveBadge } from '../realtime/LiveBadge';
import { StatCards } from './StatCards';
import { useDashboardStats } from './useDashboardStats';

/**
 * /admin and /admin/dashboard: every figure from the one admin_dashboard_stats RPC, refetched as
 * Realtime reports changes. The badge shows the Realtime connection (live, reconnecting, offline
 * since a time). When a refresh fails the figures of the last good one stay, marked stale with
 * their time, and the badge says "Not live" until a refresh succeeds again.
 */
export default function Dashboard() {
  const translate = useTranslate();
  const { data: stats, error, isFetching, dataUpdatedAt, refetch } = useDashboardStats();
  const live = !error;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('labellens.menu.dashboard')} />
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {translate('labellens.dashboard.title')}
        </Typography>
        {live ? (
          <LiveBadge />
        ) : (
          <Chip variant="outlined" size="small" label={translate('labellens.dashboard.not_live')} />
        )}
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ ml: 'auto' }}>
          {isFetching
            ? translate('labellens.dashboard.refreshing')
            : live &&
              dataUpdatedAt > 0 &&
              translate('labellens.dashboard.last_updated', { time: formatTime(dataUpdatedAt) })}
        </Typography>
      </Stack>
      <SecondFactorReminder />
      {error && (
        <Alert
          severity={stats ? 'warning' : 'error'}
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('labellens.dashboard.retry')}
            </Button>
          }
        >
          {stats
            ? translate('labellens.dashboard.stale', { time: formatDateTime(dataUpdatedAt) })
            : translate('labellens.dashboard.load_error')}
        </Alert>
      )}
      {(stats || !error) && (
        <Stack spacing={2}>
          <StatCards stats={stats} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <RecentScans scans={stats?.recent_scans} />
            <ScoreDistribution distribution={stats?.score_distribution} />
          </Box>
          <RecentActivity />
        </Stack>
      )}
    </Box>
  );
}

import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatTime } from '../domain/format';
import { useLiveStatus } from './useLive';

/** The "Live Data" badge: the Realtime connection's state, announced politely when it changes. */
export function LiveBadge() {
  const translate = useTranslate();
  const status = useLiveStatus();
  const chip =
    status.state === 'live'
      ? {
          color: 'success' as const,
          variant: 'filled' as const,
          label: translate('labellens.dashboard.live'),
        }
      : status.state === 'connecting'
        ? {
            color: 'default' as const,
            variant: 'outlined' as const,
            label: translate('labellens.dashboard.connecting'),
          }
        : status.state === 'reconnecting'
          ? {
              color: 'warning' as const,
              variant: 'outlined' as const,
              label: translate('labellens.dashboard.reconnecting'),
            }
          : {
              color: 'default' as const,
              variant: 'outlined' as const,
              label: translate('labellens.dashboard.offline_since', { time: formatTime(status.since) }),
            };
  return (
    <Chip
      role="status"
      data-live-state={status.state}
      size="small"
      color={chip.color}
      variant={chip.variant}
      label={chip.label}
    />
  );
}

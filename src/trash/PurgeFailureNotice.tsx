import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatDateTime } from '../domain/format';
import type { TrashDataProvider } from '../providers/trashMethods';

/**
 * "The last purge failed at …: …. It will be retried." when the retention purge's last run failed
 * (public.trash_purge_runs, written by supabase/functions/purge-trash); nothing otherwise. The next
 * scheduled run retries: the entries it removed left their files as orphans, which it sweeps.
 */
export function PurgeFailureNotice() {
  const translate = useTranslate();
  const provider = useDataProvider<TrashDataProvider>();
  const { data: failure } = useQuery({
    queryKey: ['trash', 'last-purge-failure'],
    queryFn: () => provider.lastPurgeFailure(),
  });
  if (!failure) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {translate('labellens.trash.purge_failed', {
        time: formatDateTime(failure.ranAt),
        reason: failure.reason,
      })}
    </Alert>
  );
}

import { useCallback } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { refusalOf } from '../providers/versionedUpdates';

/**
 * For a status toggle or bulk action: when the database refused it because the rows changed or went
 * since they were read (src/providers/versionedUpdates.ts), says so and reads them again, so the
 * operator acts on the current version. Answers false for any other error (the caller's toast).
 */
export function useRefusedNotice() {
  const notify = useNotify();
  const refresh = useRefresh();
  return useCallback(
    (error: unknown) => {
      const refusal = refusalOf(error);
      if (!refusal || refusal.reason === 'not_allowed') return false;
      const count = refusal.refused.filter((row) => row.reason !== 'not_allowed').length;
      notify('labellens.live.changed_since', { type: 'warning', messageArgs: { smart_count: count } });
      refresh();
      return true;
    },
    [notify, refresh],
  );
}

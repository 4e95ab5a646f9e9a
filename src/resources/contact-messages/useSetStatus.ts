import { useQueryClient } from '@tanstack/react-query';
import { useUpdate } from 'react-admin';
import { useRefusedNotice } from '../../editing/useRefusedNotice';
import { useResourceToast } from '../../editing/useResourceToast';
import { refusalOf } from '../../providers/versionedUpdates';
import type { ContactMessage } from './data';
import type { ContactStatus } from './statuses';

/**
 * Changes only a message's status (the one column admins may update). `silent` skips the success
 * toast (opening a message marks it read without a toast).
 */
export function useSetStatus() {
  const [update, { isPending }] = useUpdate();
  const toast = useResourceToast('contact-messages');
  const refusedNotice = useRefusedNotice();
  const queryClient = useQueryClient();
  // previousData names the version the status was shown from (src/providers/versionedUpdates.ts).
  const setStatus = (record: ContactMessage, status: ContactStatus, { silent = false } = {}) =>
    update(
      'contact-messages',
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          // The sidebar's count of new messages is a list query of its own: count again.
          void queryClient.invalidateQueries({ queryKey: ['contact-messages', 'getList'] });
          // A message is marked read as soon as it shows, possibly from the list's row while the
          // dialog's own read is still in flight; that read would answer the old status after this
          // update and overwrite it. Invalidating cancels it and reads again.
          void queryClient.invalidateQueries({ queryKey: ['contact-messages', 'getOne'] });
          if (!silent) toast(status === 'archived' ? 'archived' : 'marked_new');
        },
        onError: (error: unknown) => {
          // Marking read on open is not the operator's act: a message changed since is left as it is.
          if (silent && refusalOf(error)) return;
          if (!refusedNotice(error)) toast('status_failed', { error });
        },
      },
    );
  return { setStatus, isPending };
}

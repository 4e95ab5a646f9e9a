import { useUpdate } from 'react-admin';
import { useResourceToast } from '../../editing/useResourceToast';
import type { ContactMessage, ContactStatus } from './statuses';

/**
 * Changes only a message's status (the one column admins may update). `silent` skips the success
 * toast (opening a message marks it read without a toast).
 */
export function useSetStatus() {
  const [update, { isPending }] = useUpdate();
  const toast = useResourceToast('contact-messages');
  const setStatus = (record: ContactMessage, status: ContactStatus, { silent = false } = {}) =>
    update(
      'contact-messages',
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          if (!silent) toast(status === 'archived' ? 'archived' : 'marked_new');
        },
        onError: (error: unknown) => toast('status_failed', { error }),
      },
    );
  return { setStatus, isPending };
}

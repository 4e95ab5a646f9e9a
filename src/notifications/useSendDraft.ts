import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { NotificationDraft } from '../domain/notification';
import { HISTORY_RESOURCE } from './data';
import { useAdminDataProvider } from './useAdminDataProvider';

/**
 * Sends a draft and says how it went, in the product's words; resolves true when the push was sent.
 * The history reloads either way: the function records failures too.
 */
export function useSendDraft(): (draft: NotificationDraft) => Promise<boolean> {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return async (draft) => {
    try {
      const outcome = await dataProvider.sendNotification(draft);
      if (outcome.status === 'sent') {
        notify('labellens.notifications.sent', {
          type: 'success',
          messageArgs: { messageId: outcome.messageId },
        });
        return true;
      }
      if (outcome.status === 'signedOut') notify('labellens.notifications.signed_out', { type: 'error' });
      else
        notify('labellens.notifications.failed_reason', {
          type: 'error',
          // The function's refusal is English text: the error catalogue words it (src/i18n/errors.ts).
          messageArgs: { error: translate(outcome.error, { _: outcome.error }) },
        });
      return false;
    } catch (error) {
      console.error('send-notification failed unexpectedly', error);
      notify('labellens.notifications.failed', { type: 'error' });
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey: [HISTORY_RESOURCE] });
    }
  };
}

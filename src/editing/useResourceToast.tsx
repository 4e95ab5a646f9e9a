import { Alert, AlertTitle } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useResourceContext, useTranslate } from 'react-admin';

export type ToastOutcome =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'create_failed'
  | 'update_failed'
  | 'delete_failed'
  | 'fetch_failed'
  | (string & {});

/**
 * Shows a resource's toast `resources.<resource>.notifications.<outcome>`. Resources whose toasts
 * carry a heading (health tips: "Success" / "Error") define `success_title` and `error_title` there.
 * A failure's cause goes to the console, the operator sees the product's sentence.
 */
export function useResourceToast(resourceProp?: string) {
  const resource = useResourceContext({ resource: resourceProp });
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (outcome: ToastOutcome, options: { error?: unknown; count?: number } = {}) => {
      const type = options.error === undefined ? 'success' : 'error';
      if (options.error !== undefined) console.error(options.error);
      const prefix = `resources.${resource}.notifications`;
      const message = translate(`${prefix}.${outcome}`, { smart_count: options.count ?? 1 });
      const title = translate(`${prefix}.${type}_title`, { _: '' });
      notify(
        title ? (
          <Alert severity={type} variant="filled">
            <AlertTitle>{title}</AlertTitle>
            {message}
          </Alert>
        ) : (
          message
        ),
        { type },
      );
    },
    [notify, resource, translate],
  );
}

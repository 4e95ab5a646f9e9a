import { Alert, AlertTitle, Button } from '@mui/material';
import { useCallback } from 'react';
import {
  useAddUndoableMutation,
  useCloseNotification,
  useNotify,
  useResourceContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';

export type ToastOutcome =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'create_failed'
  | 'update_failed'
  | 'delete_failed'
  | 'fetch_failed'
  | (string & {});

/** How long a toast that offers Undo stays: the product's toast duration. */
export const UNDO_TOAST_MS = 5000;

export interface ToastOptions {
  error?: unknown;
  count?: number;
  /** Offers Undo in the toast for its UNDO_TOAST_MS; called when the operator chooses it. */
  undo?: () => void;
}

/**
 * Shows a resource's toast `resources.<resource>.notifications.<outcome>`. Resources whose toasts
 * carry a heading (health tips: "Success" / "Error") define `success_title` and `error_title` there.
 * A failure's cause goes to the console, the operator sees the product's sentence.
 *
 * With `undo`, the toast is react-admin's undoable notification: its Undo button (or, in a toast
 * with a heading, the same button inside it) runs `undo`; the toast closing otherwise does nothing.
 */
export function useResourceToast(resourceProp?: string) {
  const resource = useResourceContext({ resource: resourceProp });
  const notify = useNotify();
  const translate = useTranslate();
  const addUndoable = useAddUndoableMutation();
  return useCallback(
    (outcome: ToastOutcome, options: ToastOptions = {}) => {
      const type = options.error === undefined ? 'success' : 'error';
      if (options.error !== undefined) console.error(options.error);
      const prefix = `resources.${resource}.notifications`;
      const message = translate(`${prefix}.${outcome}`, { smart_count: options.count ?? 1 });
      const title = translate(`${prefix}.${type}_title`, { _: '' });
      const { undo } = options;
      // The notification takes this when it closes: Undo passes isUndo true, a timeout false.
      if (undo) addUndoable(({ isUndo }) => isUndo && undo());
      notify(
        title ? (
          <Alert severity={type} variant="filled" action={undo && <UndoInToast />}>
            <AlertTitle>{title}</AlertTitle>
            {message}
          </Alert>
        ) : (
          message
        ),
        { type, ...(undo && { undoable: true, autoHideDuration: UNDO_TOAST_MS }) },
      );
    },
    [addUndoable, notify, resource, translate],
  );
}

/**
 * react-admin's Undo for a toast whose content is our own element (the Snackbar then shows no
 * action of its own): it takes the undoable step as the built-in button does and closes the toast.
 */
function UndoInToast() {
  const translate = useTranslate();
  const take = useTakeUndoableMutation();
  const close = useCloseNotification();
  return (
    <Button
      color="inherit"
      size="small"
      onClick={() => {
        take()?.({ isUndo: true });
        close();
      }}
    >
      {translate('ra.action.undo')}
    </Button>
  );
}

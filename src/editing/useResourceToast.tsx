import { Alert, AlertTitle, Button } from '@mui/material';
import { useCallback, useRef } from 'react';
import { useCloseNotification, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { resourceToast } from '../i18n/resourceText';

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
 * Shows a resource's toast `resources.<resource>.notifications.<outcome>`, else its default wording
 * (src/i18n/resourceText.ts). Resources whose toasts
 * carry a heading (health tips: "Success" / "Error") define `success_title` and `error_title` there.
 * A failure's cause goes to the console, the operator sees the product's sentence.
 *
 * With `undo`, the toast carries its own Undo button that runs `undo` (once) and closes the toast;
 * the toast closing otherwise does nothing. Not react-admin's undoable notification: the change has
 * already happened on the server, and its single queue of undoable steps is taken twice per toast
 * (Undo, then the toast's exit), so a second toast's Undo would find nothing; its undoable flag
 * also asks "Leave site?" while the toast shows.
 */
export function useResourceToast(resourceProp?: string) {
  const resource = useResourceContext({ resource: resourceProp });
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (outcome: ToastOutcome, options: ToastOptions = {}) => {
      const type = options.error === undefined ? 'success' : 'error';
      if (options.error !== undefined) console.error(options.error);
      const { message, title } = resourceToast(translate, resource ?? '', outcome, type, options.count ?? 1);
      const { undo } = options;
      const undoButton = undo && <UndoInToast undo={undo} />;
      notify(
        title ? (
          <Alert severity={type} variant="filled" action={undoButton}>
            <AlertTitle>{title}</AlertTitle>
            {message}
          </Alert>
        ) : (
          message
        ),
        {
          type,
          ...(undo && { autoHideDuration: UNDO_TOAST_MS }),
          // A plain toast's Undo: `action` reaches the Snackbar (react-admin spreads the options onto it).
          ...(undo && !title && { action: undoButton }),
        },
      );
    },
    [notify, resource, translate],
  );
}

/** The Undo of one toast: runs that toast's own `undo` at most once and closes the toast. */
function UndoInToast({ undo }: { undo: () => void }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  const done = useRef(false);
  return (
    <Button
      color="inherit"
      size="small"
      onClick={() => {
        if (!done.current) undo();
        done.current = true;
        close();
      }}
    >
      {translate('ra.action.undo')}
    </Button>
  );
}

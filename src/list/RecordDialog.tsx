import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
} from '@mui/material';
import type { ReactNode } from 'react';
import { RecordContextProvider, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { usePhone } from '../layout/phone';
import { useDialogTransition } from './RouteDialogs';

/**
 * A getOne failure that means "no such record": PostgREST's 406 (no row) or 400 (malformed id).
 * Read by status, not by class: the providers' HttpError may come from another copy of ra-core.
 */
const isMissing = (error: unknown) =>
  [400, 404, 406].includes((error as { status?: unknown } | null)?.status as number);

export interface RecordDialogProps<T extends RaRecord> {
  resource: string;
  /** The id in the URL (RouteDialogs passes it). */
  id: string;
  onClose: () => void;
  /** Catalogue key of the dialog's title, or a function of the loaded record. */
  title: string | ((record: T) => string);
  /** Catalogue key of the message shown when the record does not exist. */
  missingMessage?: string;
  /** The dialog's body, rendered inside the record's RecordContext. */
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}

/**
 * A details dialog that loads its own record (getOne), with a skeleton while loading, "not found"
 * for a link to a missing record, and an error with Retry for any other failure. On a phone it
 * fills the screen; its title and Close stay at the top while the body scrolls.
 */
export function RecordDialog<T extends RaRecord>({
  resource,
  id,
  onClose,
  title,
  missingMessage = 'labellens.list.missing',
  children,
  maxWidth = 'md',
}: RecordDialogProps<T>) {
  const translate = useTranslate();
  const fullScreen = usePhone();
  const { open, onExited } = useDialogTransition();
  const { data, error, isPending, refetch, isFetching } = useGetOne<T>(resource, { id }, { retry: false });
  const heading = data
    ? typeof title === 'function'
      ? title(data)
      : translate(title)
    : translate('labellens.list.details');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      slotProps={{ transition: { onExited } }}
      fullWidth
      fullScreen={fullScreen}
      maxWidth={maxWidth}
      aria-labelledby="record-dialog-title"
    >
      <DialogTitle id="record-dialog-title" sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {heading}
      </DialogTitle>
      <IconButton
        aria-label={translate('ra.action.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {error ? (
          isMissing(error) ? (
            <Alert severity="warning">{translate(missingMessage)}</Alert>
          ) : (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
                  {translate('labellens.list.retry')}
                </Button>
              }
            >
              {translate('labellens.list.dialog_error')}
            </Alert>
          )
        ) : isPending || !data ? (
          <Stack spacing={1} aria-busy="true" data-testid="dialog-skeleton">
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rectangular" height={120} />
            <Skeleton variant="text" />
          </Stack>
        ) : (
          <RecordContextProvider value={data}>{children}</RecordContextProvider>
        )}
      </DialogContent>
    </Dialog>
  );
}

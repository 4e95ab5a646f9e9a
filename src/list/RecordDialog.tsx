import CloseIcon from '@mui/icons-material/Close';
import VisibilityIcon from '@mui/icons-material/Visibility';
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
import {
  RecordContextProvider,
  useBasename,
  useCreatePath,
  useGetOne,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link, useLocation, useMatch, useNavigate } from 'react-router-dom';

/** Navigation state of a dialog opened from its list, so closing it can go Back instead of forward. */
interface OpenedFromList {
  openedFromList?: boolean;
}

/**
 * The route-driven details dialog of a resource (as react-admin's CRM example does): the list
 * route also matches `/<resource>/:id/show`, which opens the dialog, so it can be linked and the
 * browser's Back closes it. Returns the id in the URL (or undefined) and `close`.
 */
export function useRecordDialog(resource: string) {
  const basename = useBasename();
  const match = useMatch(`${basename}/${resource}/:id/show`);
  const location = useLocation();
  const navigate = useNavigate();
  const close = () => {
    if ((location.state as OpenedFromList | null)?.openedFromList) navigate(-1);
    else navigate({ pathname: `${basename}/${resource}`, search: location.search }, { replace: true });
  };
  return { id: match?.params.id, close };
}

/**
 * The eye button of a row: opens the row's dialog at `/<resource>/:id/show`, keeping the list's
 * query (page, filters) so Back and Close return to the same page.
 */
export function ShowDialogButton({ label = 'ra.action.show' }: { label?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  const location = useLocation();
  const translate = useTranslate();
  if (!record) return null;
  const state: OpenedFromList = { openedFromList: true };
  return (
    <IconButton
      component={Link}
      to={{ pathname: createPath({ resource, id: record.id, type: 'show' }), search: location.search }}
      state={state}
      aria-label={translate(label)}
      title={translate(label)}
      size="small"
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    >
      <VisibilityIcon fontSize="small" />
    </IconButton>
  );
}

/**
 * A getOne failure that means "no such record": PostgREST's 406 (no row) or 400 (malformed id).
 * Read by status, not by class: the providers' HttpError may come from another copy of ra-core.
 */
const isMissing = (error: unknown) =>
  [400, 404, 406].includes((error as { status?: unknown } | null)?.status as number);

export interface RecordDialogProps<T extends RaRecord> {
  resource: string;
  /** The id from useRecordDialog; the dialog is open when it is set. */
  id: string | undefined;
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
 * for a link to a missing record, and an error with Retry for any other failure.
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
  const { data, error, isPending, refetch, isFetching } = useGetOne<T>(
    resource,
    { id: id ?? '' },
    { enabled: id !== undefined, retry: false },
  );
  const heading = data
    ? typeof title === 'function'
      ? title(data)
      : translate(title)
    : translate('labellens.list.details');
  return (
    <Dialog
      open={id !== undefined}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby="record-dialog-title"
    >
      <DialogTitle id="record-dialog-title" sx={{ pr: 6 }}>
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

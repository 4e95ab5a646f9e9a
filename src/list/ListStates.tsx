import InboxIcon from '@mui/icons-material/Inbox';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import {
  Box,
  Button,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';
import { resourceName } from '../i18n/resourceText';

/** Placeholder rows shown while a list's first page loads (react-admin's own appear only after 1 s). */
export function ListSkeleton({ rows = 5, columns = 5 }: { rows?: number; columns?: number }) {
  const translate = useTranslate();
  return (
    <Table aria-busy="true" aria-label={translate('labellens.list.loading')} data-testid="list-skeleton">
      <TableBody>
        {Array.from({ length: rows }, (_, row) => (
          <TableRow key={row}>
            {Array.from({ length: columns }, (_, column) => (
              <TableCell key={column}>
                <Skeleton variant="text" />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A centred icon, title, hint and optional action: the frame of the empty and error states. */
function ListMessage({
  icon,
  title,
  hint,
  action,
  role,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  action?: ReactNode;
  role?: string;
}) {
  return (
    <Stack role={role} spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      {icon}
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {hint && <Typography color="text.secondary">{hint}</Typography>}
      {action && <Box sx={{ pt: 1 }}>{action}</Box>}
    </Stack>
  );
}

/**
 * The empty state of a list with no filter applied. `title` and `hint` are catalogue keys; by
 * default "No <resource name> yet".
 */
export function ListEmptyState({ title, hint }: { title?: string; hint?: string }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const name = resourceName(translate, resource, 2).toLowerCase();
  return (
    <ListMessage
      icon={<InboxIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />}
      title={title ? translate(title) : translate('labellens.list.empty', { name })}
      hint={hint ? translate(hint) : undefined}
    />
  );
}

/**
 * What a list shows when loading fails: a message (catalogue key, default "Could not load the
 * list.") and a Retry button that refetches the same page. Never an empty list.
 */
export function ListErrorState({ message = 'labellens.list.load_error' }: { message?: string }) {
  const translate = useTranslate();
  const { refetch, isFetching } = useListContext();
  return (
    <ListMessage
      role="alert"
      icon={<ErrorIcon color="error" sx={{ fontSize: 48 }} aria-hidden />}
      title={translate(message)}
      action={
        <Button variant="contained" onClick={() => refetch()} disabled={isFetching}>
          {translate('labellens.list.retry')}
        </Button>
      }
    />
  );
}

/** The list's rows, or skeleton rows while its first page is on its way. */
export function ListBody({ children, columns }: { children: ReactNode; columns?: number }) {
  const { isPending, error } = useListContext();
  if (isPending && !error) return <ListSkeleton columns={columns} />;
  return <>{children}</>;
}

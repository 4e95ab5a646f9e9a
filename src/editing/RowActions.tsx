import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { EditButton } from 'react-admin';
import { OPENED_FROM_LIST } from '../list/RouteDialogs';
import { DeleteRecordButton } from './DeleteRecordButton';

/**
 * A row's actions in an editable list: any buttons of the resource's own, then Edit (opens the
 * edit dialog over the list, so Close goes Back) and Delete (asks first).
 */
export function RowActions({ children }: { children?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      {children}
      <EditButton state={OPENED_FROM_LIST} />
      <DeleteRecordButton />
    </Stack>
  );
}

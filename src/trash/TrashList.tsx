import { Box, Card, Typography } from '@mui/material';
import { useContext, useEffect } from 'react';
import {
  DataProviderContext,
  DataTable,
  SelectInput,
  TextField,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { TrashMethods } from '../providers/trashMethods';
import { countParams } from '../domain/format';
import { rescueFocus } from '../layout/focusMainHeading';
import { AdminList, ListEmptyState, ListErrorState } from '../list';
import { DateTimeField } from '../list/fields';
import { trashData, type TrashEntry } from './data';
import { PurgeFailureNotice } from './PurgeFailureNotice';
import { RetentionSetting } from './RetentionSetting';
import { TrashBulkActions, TrashRowActions, useTrashAccess } from './TrashActions';
import { resourceName } from '../i18n/resourceText';

/** What an entry's table is called in the admin ("News article"), from the resources with a trash. */
function useKindName() {
  // The provider itself: useDataProvider's wraps every method as a request.
  const provider = useContext(DataProviderContext) as Partial<TrashMethods> | null;
  const translate = useTranslate();
  const kinds = provider?.trashKinds?.() ?? [];
  return {
    kinds,
    kindName: (table: string) => {
      const kind = kinds.find((k) => k.table === table);
      return kind ? resourceName(translate, kind.name) : table;
    },
  };
}

/**
 * The Trash: what operators deleted, newest first, searched by name or by who deleted it, filtered
 * by kind; Restore for the roles that may delete the record, Delete forever for owners. Each role
 * sees only the entries it may restore (the database's policy on public.trash).
 */
export default function TrashList() {
  const { kinds, kindName } = useKindName();
  const { canRestore, canDeleteForever } = useTrashAccess();
  const actions = canRestore || canDeleteForever;
  const filters = [
    <SelectInput
      key="resource"
      source="resource"
      label="resources.trash.fields.resource"
      choices={kinds.map((k) => ({ id: k.table, name: kindName(k.table) }))}
      translateChoice={false}
      emptyText="resources.trash.all_kinds"
      alwaysOn
    />,
  ];
  return (
    <AdminList
      resource={trashData}
      title="resources.trash.heading"
      searchPlaceholder="resources.trash.search"
      filters={filters}
      header={<TrashHeading />}
      empty={<TrashEmpty />}
      error={<ListErrorState message="resources.trash.notifications.fetch_failed" />}
      skeletonColumns={5}
      phone={{
        primary: <TextField source="label" />,
        secondary: (
          <>
            <Kind />
            <DeletedBy />
            {actions && (
              <Box sx={{ width: '100%' }}>
                <TrashRowActions />
              </Box>
            )}
          </>
        ),
        tertiary: <DateTimeField source="deleted_at" />,
        opens: false,
      }}
    >
      <DataTable<TrashEntry> bulkActionButtons={actions ? <TrashBulkActions /> : false} rowClick={false}>
        <DataTable.Col source="label" render={(record: TrashEntry) => <Label record={record} />} />
        <DataTable.Col source="resource" render={(record: TrashEntry) => kindName(record.resource)} />
        <DataTable.Col source="deleted_by_email" render={() => <DeletedBy />} />
        <DataTable.Col source="deleted_at" render={() => <DateTimeField source="deleted_at" showTime />} />
        {actions && (
          <DataTable.Col label="resources.trash.fields.actions">
            <TrashRowActions />
          </DataTable.Col>
        )}
      </DataTable>
    </AdminList>
  );
}

function Label({ record }: { record: TrashEntry }) {
  return (
    <Typography variant="body2" sx={{ maxWidth: 480, overflowWrap: 'anywhere' }}>
      {record.label}
    </Typography>
  );
}

function Kind() {
  const record = useRecordContext<TrashEntry>();
  const { kindName } = useKindName();
  return record ? <Typography variant="body2">{kindName(record.resource)}</Typography> : null;
}

/** Who deleted it: their email then, or "System" for a delete no operator made. */
function DeletedBy() {
  const record = useRecordContext<TrashEntry>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {record.deleted_by_email ?? translate('labellens.audit.system')}
    </Typography>
  );
}

/** "Trash", the number of entries and how long they stay. */
function TrashHeading() {
  const translate = useTranslate();
  const { total, data } = useListContext();
  // A restored or deleted row takes its focused button with it: focus goes to this heading.
  useEffect(rescueFocus, [data]);
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('resources.trash.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {total === undefined ? '\u00a0' : translate('resources.trash.count', countParams(total))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <RetentionSetting />
      </Typography>
      <PurgeFailureNotice />
    </Box>
  );
}

function TrashEmpty() {
  return (
    <Card sx={{ mt: 2 }}>
      <TrashHeading />
      <ListEmptyState title="resources.trash.empty" />
    </Card>
  );
}

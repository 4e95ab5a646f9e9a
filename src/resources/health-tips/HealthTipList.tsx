import { Typography } from '@mui/material';
import { DataTable, TextField } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { useBulkActions, useRowActionsShown } from '../../editing/bulkActions';
import { RowActions } from '../../editing/RowActions';
import { EmptyWithHeading, ListHeading } from '../../editing/ListHeading';
import { AdminList, ListErrorState } from '../../list';
import { LanguagesField, missingLanguageFilter } from '../../list/LanguagesField';
import { healthTipSchema } from '../../domain/contentSchemas';
import { contentDialogs } from '../contentDialogs';
import { HealthTipInputs } from './HealthTipInputs';
import { healthTipsData } from './data';

const dialogs = contentDialogs({
  resource: healthTipsData,
  schema: healthTipSchema,
  defaultValues: { tip: '' },
  inputs: <HealthTipInputs />,
});

/** Health Tips: newest first, searched by text, created and edited in route-driven dialogs. */
export default function HealthTipList() {
  const bulkActions = useBulkActions(healthTipsData.name);
  const rowActions = useRowActionsShown(healthTipsData.name);
  return (
    <AdminList
      resource={healthTipsData}
      title="resources.health-tips.heading"
      searchPlaceholder="resources.health-tips.search"
      filters={[missingLanguageFilter]}
      header={<ListHeading />}
      empty={<EmptyWithHeading />}
      error={<ListErrorState message="resources.health-tips.notifications.fetch_failed" />}
      skeletonColumns={3}
      dialogs={dialogs}
      phone={{
        primary: <TextField source="tip" sx={{ whiteSpace: 'pre-wrap' }} />,
        tertiary: <DateTimeField source="created_at" />,
        opens: 'edit',
      }}
    >
      <DataTable bulkActionButtons={bulkActions} rowClick={false}>
        <DataTable.Col
          source="tip"
          label="resources.health-tips.fields.tip_column"
          render={(record) => (
            <Typography variant="body2" sx={{ maxWidth: 720, whiteSpace: 'pre-wrap' }}>
              {record.tip}
            </Typography>
          )}
        />
        <DataTable.Col label="labellens.content_languages.column">
          <LanguagesField />
        </DataTable.Col>
        <DataTable.Col source="created_at" field={DateTimeField} />
        {rowActions && (
          <DataTable.Col label="resources.health-tips.fields.actions">
            <RowActions />
          </DataTable.Col>
        )}
      </DataTable>
    </AdminList>
  );
}

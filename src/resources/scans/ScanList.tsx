import { DataTable, DateField } from 'react-admin';
import { AdminList, csvExporter, ShowDialogButton, useRecordDialog } from '../../list';
import { OwnerField, ScoreBadgeField } from '../../list/fields';
import { scanFilters } from './ScanFilters';
import { FavouriteField, ScanNameField } from './ScanName';
import { ScanShow } from './ScanShow';

const exportScans = csvExporter('scans', (scan) => ({
  id: scan.id,
  name: scan.name,
  category: scan.category,
  health_score: scan.health_score,
  is_favorite: scan.is_favorite,
  owner: scan.owner_email ?? '',
  created_at: scan.created_at,
  ingredients: scan.ingredients,
  allergens: scan.allergens,
}));

/** Food Scans: every scan, newest first, with its score band and owner; the eye opens its details. */
export default function ScanList() {
  const dialog = useRecordDialog('scans');
  return (
    <AdminList
      title="labellens.scans.title"
      searchPlaceholder="labellens.scans.search"
      filters={scanFilters}
      exporter={exportScans}
      skeletonColumns={7}
      aside={<ScanShow id={dialog.id} onClose={dialog.close} />}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" field={ScanNameField} />
        <DataTable.Col source="category" />
        <DataTable.Col source="health_score">
          <ScoreBadgeField source="health_score" missing="labellens.scans.not_available" />
        </DataTable.Col>
        <DataTable.Col source="is_favorite" field={FavouriteField} />
        <DataTable.Col source="user_id" disableSort field={OwnerField} />
        <DataTable.Col source="created_at" field={DateField} />
        <DataTable.Col label={false}>
          <ShowDialogButton />
        </DataTable.Col>
      </DataTable>
    </AdminList>
  );
}

import { DataTable } from 'react-admin';
import { AdminList, ShowDialogButton } from '../../list';
import { DateTimeField, OwnerField, ScoreBadgeField } from '../../list/fields';
import { scanFilters } from './ScanFilters';
import { FavouriteField, ScanNameField, ScanNameWithPhoto } from './ScanName';
import { ScanShow } from './ScanShow';
import { scansData } from './data';

/** Food Scans: every scan, newest first, with its score band and owner; the eye opens its details. */
export default function ScanList() {
  return (
    <AdminList
      resource={scansData}
      title="labellens.scans.title"
      searchPlaceholder="labellens.scans.search"
      filters={scanFilters}
      skeletonColumns={7}
      dialogs={{ show: ScanShow }}
      phone={{
        primary: <ScanNameField />,
        secondary: (
          <>
            <ScoreBadgeField source="health_score" missing="labellens.scans.not_available" />
            <OwnerField link={false} />
          </>
        ),
        tertiary: <DateTimeField source="created_at" />,
      }}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" field={ScanNameWithPhoto} />
        <DataTable.Col source="category" />
        <DataTable.Col source="health_score">
          <ScoreBadgeField source="health_score" missing="labellens.scans.not_available" />
        </DataTable.Col>
        <DataTable.Col source="is_favorite" field={FavouriteField} />
        <DataTable.Col source="user_id" disableSort field={OwnerField} />
        <DataTable.Col source="created_at" field={DateTimeField} />
        <DataTable.Col label={false}>
          <ShowDialogButton />
        </DataTable.Col>
      </DataTable>
    </AdminList>
  );
}

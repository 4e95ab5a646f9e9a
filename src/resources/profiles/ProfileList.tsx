import { DataTable, TextInput } from 'react-admin';
import { AdminList, ShowDialogButton } from '../../list';
import { CountField, DateTimeField, OwnerField, ScoreBadgeField } from '../../list/fields';
import {
  AgeGenderField,
  HealthListsField,
  HeightWeightField,
  ProfileNameField,
  RelationshipField,
} from './ProfileFields';
import { personFilter } from '../users/PersonFilter';
import { ProfileShow } from './ProfileShow';
import { profilesData } from './data';

const profileFilters = [
  <TextInput key="relationship" source="relationship" label="labellens.profiles.filters.relationship" />,
  personFilter,
];

const HIDDEN_BY_DEFAULT = ['height', 'health_conditions'];

/** User Profiles: the family health profiles, newest first; the eye opens every field. */
export default function ProfileList() {
  return (
    <AdminList
      resource={profilesData}
      title="labellens.profiles.title"
      searchPlaceholder="labellens.profiles.search"
      filters={profileFilters}
      skeletonColumns={9}
      dialogs={{ show: ProfileShow }}
      chooseColumns
      phone={{
        primary: <ProfileNameField />,
        secondary: (
          <>
            <RelationshipField />
            <ScoreBadgeField source="avg_health_score" missing="labellens.profiles.no_data" />
            <OwnerField link={false} />
          </>
        ),
        tertiary: <DateTimeField source="last_scan_date" />,
      }}
    >
      {/* Height and weight and the health lists are in the details and the column chooser:
          with them the table is wider than a 1366 px laptop. */}
      <DataTable bulkActionButtons={false} rowClick={false} hiddenColumns={HIDDEN_BY_DEFAULT}>
        <DataTable.Col source="name" field={ProfileNameField} />
        <DataTable.Col source="relationship" field={RelationshipField} />
        <DataTable.Col source="age" field={AgeGenderField} />
        <DataTable.Col source="height" field={HeightWeightField} />
        <DataTable.Col source="health_conditions" disableSort field={HealthListsField} />
        <DataTable.NumberCol source="scans_count" field={CountField} />
        <DataTable.Col source="avg_health_score">
          <ScoreBadgeField source="avg_health_score" missing="labellens.profiles.no_data" />
        </DataTable.Col>
        <DataTable.Col source="last_scan_date" field={DateTimeField} />
        <DataTable.Col source="user_id" disableSort field={OwnerField} />
        <DataTable.Col label={false}>
          <ShowDialogButton />
        </DataTable.Col>
      </DataTable>
    </AdminList>
  );
}

import { useRecordContext } from 'react-admin';
import { RecordDialog } from '../../list';
import {
  ChipList,
  DateTimeField,
  DetailCell as Cell,
  DetailsGrid,
  OwnerField,
  RecordIdField,
  ScoreBadge,
} from '../../list/fields';
import { AgeGenderField, HeightWeightField, ProfileNameField, RelationshipField } from './ProfileFields';
import type { Profile } from './data';

const field = (name: string) => `resources.profiles.fields.${name}`;

function ProfileDetails() {
  const profile = useRecordContext<Profile>();
  if (!profile) return null;
  return (
    <DetailsGrid>
      <Cell label={field('name')}>
        <ProfileNameField />
      </Cell>
      <Cell label={field('relationship')}>
        <RelationshipField />
      </Cell>
      <Cell label={field('age')}>
        <AgeGenderField />
      </Cell>
      <Cell label={field('height')}>
        <HeightWeightField />
      </Cell>
      <Cell label={field('date_of_birth')}>
        <DateTimeField source="date_of_birth" dateOnly emptyText="—" />
      </Cell>
      <Cell label={field('user_id')}>
        <OwnerField />
      </Cell>
      {(['health_conditions', 'allergies', 'dietary_restrictions'] as const).map((list) => (
        <Cell key={list} label={field(list)}>
          <ChipList values={profile[list]} />
        </Cell>
      ))}
      <Cell label={field('scans_count')}>{profile.scans_count}</Cell>
      <Cell label={field('avg_health_score')}>
        <ScoreBadge score={profile.avg_health_score} missing="labellens.profiles.no_data" />
      </Cell>
      <Cell label={field('last_scan_date')}>
        <DateTimeField source="last_scan_date" showTime emptyText="—" />
      </Cell>
      <Cell label={field('created_at')}>
        <DateTimeField source="created_at" showTime />
      </Cell>
      <Cell label={field('updated_at')}>
        <DateTimeField source="updated_at" showTime />
      </Cell>
      <Cell label="labellens.records.id">
        <RecordIdField />
      </Cell>
    </DetailsGrid>
  );
}

/** The profile's details dialog, at /admin/profiles/:id/show. */
export function ProfileShow({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <RecordDialog<Profile>
      resource="profiles"
      id={id}
      onClose={onClose}
      title={(profile) => profile.name}
      missingMessage="labellens.profiles.missing"
    >
      <ProfileDetails />
    </RecordDialog>
  );
}

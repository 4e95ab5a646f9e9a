import { defineResourceData } from '../../providers/resourceData';
import { relationshipConditions } from '../../providers/search';

/** A row of admin_profiles: a family health profile with its owner's email. */
export interface Profile {
  id: string;
  user_id: string;
  name: string;
  avatar: string | null;
  /** The avatar in the avatars bucket (<user id>/<file>), shown through a signed URL. */
  avatar_path: string | null;
  relationship: string | null;
  age: number | null;
  gender: string | null;
  height: number | string | null;
  weight: number | string | null;
  date_of_birth: string | null;
  health_conditions: string[];
  allergies: string[];
  dietary_restrictions: string[];
  scans_count: number;
  avg_health_score: number | string | null;
  last_scan_date: string | null;
  created_at: string;
  updated_at: string;
  owner_email: string | null;
}

/** User Profiles: read-only, through the admin view, searched by name, relationship or owner email. */
export const profilesData = defineResourceData<Profile>({
  name: 'profiles',
  liveTable: 'profiles',
  table: 'admin_profiles',
  seekTable: 'profiles',
  searchColumns: ['name', 'relationship'],
  searchOwnerEmail: true,
  derivedFilters: { relationship: relationshipConditions },
  defaultSort: [{ field: 'created_at', ascending: false }],
  csv: {
    fileName: 'profiles',
    row: (profile, translate) => ({
      id: profile.id,
      name: profile.name,
      relationship: profile.relationship?.trim()
        ? profile.relationship
        : translate('labellens.profiles.self'),
      age: profile.age,
      gender: profile.gender,
      height_cm: profile.height,
      weight_kg: profile.weight,
      health_conditions: profile.health_conditions,
      allergies: profile.allergies,
      dietary_restrictions: profile.dietary_restrictions,
      scans_count: profile.scans_count,
      avg_health_score: profile.avg_health_score,
      last_scan_date: profile.last_scan_date,
      owner: profile.owner_email ?? '',
    }),
  },
});

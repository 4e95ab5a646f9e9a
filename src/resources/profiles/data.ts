import type { ViewRow } from '../../domain/database';
import { defineResourceData } from '../../providers/resourceData';
import { relationshipConditions } from '../../providers/search';

/**
 * A row of admin_profiles: a family health profile with its owner's email (`owner_email`); the avatar
 * is `avatar_path` in the avatars bucket (<user id>/<file>), shown through a signed URL.
 */
export type Profile = ViewRow<'admin_profiles', 'profiles'>;

/** User Profiles: read-only, through the admin view, searched by name, relationship or owner email. */
export const profilesData = defineResourceData<Profile>({
  name: 'profiles',
  live: true,
  table: 'admin_profiles',
  seek: ['owner', 'support'],
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

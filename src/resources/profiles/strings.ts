/** The strings of the profiles resource (resources.profiles, merged into src/i18n/en.ts). */
export const strings = {
  name: 'Profile |||| Profiles',
  fields: {
    name: 'Name',
    relationship: 'Relationship',
    age: 'Age / Gender',
    gender: 'Gender',
    height: 'Height / Weight',
    weight: 'Weight (kg)',
    date_of_birth: 'Date of Birth',
    health_conditions: 'Health Conditions',
    allergies: 'Allergies',
    dietary_restrictions: 'Dietary Restrictions',
    scans_count: 'Scans',
    avg_health_score: 'Avg Health Score',
    last_scan_date: 'Last Scan',
    user_id: 'Owner',
    created_at: 'Created',
    updated_at: 'Updated',
  },
};

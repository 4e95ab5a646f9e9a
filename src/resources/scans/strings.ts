/** The strings of the scans resource (resources.scans, merged into src/i18n/en.ts). */
export const strings = {
  name: 'Scan |||| Scans',
  fields: {
    name: 'Name',
    category: 'Category',
    health_score: 'Health Score',
    is_favorite: 'Favourite',
    user_id: 'Owner',
    created_at: 'Created',
  },
};

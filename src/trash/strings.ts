/** The strings of the trash resource (resources.trash, merged into src/i18n/en.ts). */
export const strings = {
  name: 'Deleted item |||| Deleted items',
  heading: 'Trash',
  count: '%{count} deleted item |||| %{count} deleted items',
  search: 'Search by name or by who deleted it...',
  all_kinds: 'Everything',
  empty: 'The trash is empty',
  fields: {
    label: 'Name',
    resource: 'Kind',
    deleted_by_email: 'Deleted by',
    deleted_at: 'Deleted',
    actions: 'Actions',
  },
  notifications: {
    fetch_failed: 'Failed to fetch the trash',
  },
};

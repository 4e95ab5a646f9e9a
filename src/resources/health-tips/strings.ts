/** The strings of the health-tips resource (resources.health-tips, merged into src/i18n/en.ts). */
export const strings = {
  name: 'Health tip |||| Health tips',
  heading: 'Health Tips',
  count: '%{count} health tip available |||| %{count} health tips available',
  search: 'Search health tips...',
  add: 'Add Health Tip',
  create_title: 'Add Health Tip',
  edit_title: 'Edit Health Tip',
  fields: {
    tip: 'Health Tip Content',
    created_at: 'Created',
    actions: 'Actions',
    tip_column: 'Health Tip',
  },
  message: {
    delete_title: 'Delete health tip',
    delete_content: 'Are you sure you want to delete this health tip?',
    bulk_delete_content:
      'Are you sure you want to delete this health tip? |||| Are you sure you want to delete these %{smart_count} health tips?',
  },
  notifications: {
    success_title: 'Success',
    error_title: 'Error',
    created: 'Health tip created successfully',
    updated: 'Health tip updated successfully',
    deleted: 'Health tip deleted successfully',
    bulk_deleted: 'Health tip deleted successfully |||| %{smart_count} health tips deleted successfully',
    fetch_failed: 'Failed to fetch health tips',
    create_failed: 'Failed to save health tip',
    update_failed: 'Failed to save health tip',
    delete_failed: 'Failed to delete health tip',
  },
};

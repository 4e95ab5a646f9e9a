/** The Trash screen's actions and retention (its list's strings are src/trash/strings.ts) (labellens.*, merged into src/i18n/en.ts). */
export const trashMessages = {
  trash: {
    restore: 'Restore',
    delete_forever: 'Delete forever',
    restored: 'Restored |||| %{smart_count} items restored',
    refused:
      'Could not restore it: it is no longer in the trash, or a record with the same id or key exists now. |||| Could not restore %{smart_count} of them: they are no longer in the trash, or records with the same ids or keys exist now.',
    id_taken:
      'Could not restore it: a record with the same id exists now. It stays in the trash. |||| Could not restore %{smart_count} of them: records with the same ids exist now. They stay in the trash.',
    restore_failed: 'Could not restore. Nothing was changed.',
    deleted_forever: 'Deleted forever |||| %{smart_count} items deleted forever',
    delete_forever_failed: 'Could not delete forever. Nothing was changed.',
    delete_forever_title: 'Delete forever?',
    delete_forever_content:
      'This item and its files will be removed for good. This cannot be undone. |||| These %{smart_count} items and their files will be removed for good. This cannot be undone.',
    retention:
      'Deleted items stay here for %{smart_count} day, then are deleted forever. |||| Deleted items stay here for %{smart_count} days, then are deleted forever.',
    change_retention: 'Change',
    retention_title: 'How long deleted items stay',
    retention_days: 'Days',
    retention_range: 'Enter a whole number of days from %{min} to %{max}.',
    retention_saved:
      'Deleted items now stay for %{smart_count} day |||| Deleted items now stay for %{smart_count} days',
    retention_failed: 'Could not save the period. Try again.',
    purge_failed: 'The last purge failed at %{time}: %{reason}. It will be retried.',
  },
};

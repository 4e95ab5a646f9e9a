import type { ResourceKey } from './resourceText';

/**
 * The default wording of each resource key code builds at run time (src/i18n/resourceText.ts), for a
 * resource whose strings do not word it: typed by the keys, so a key without a default fails tsc.
 */
export const RESOURCE_DEFAULTS: Readonly<Record<ResourceKey, string>> = {
  heading: '%{Items}',
  count: '%{count} %{item} |||| %{count} %{items}',
  add: 'Add %{Item}',
  create_title: 'Create %{Item}',
  edit_title: 'Edit %{Item}',
  new_rows: '1 new %{item} |||| %{count} new %{items}',
  'message.bulk_delete_content':
    'Are you sure you want to delete this %{item}? |||| Are you sure you want to delete these %{smart_count} %{items}?',
  'notifications.created': '%{Item} created successfully',
  'notifications.updated': '%{Item} updated successfully',
  'notifications.deleted': '%{Item} deleted successfully',
  'notifications.bulk_deleted':
    '%{Item} deleted successfully |||| %{smart_count} %{items} deleted successfully',
  'notifications.fetch_failed': 'Failed to fetch %{items}',
  'notifications.create_failed': 'Failed to create %{item}',
  'notifications.update_failed': 'Failed to update %{item}',
  'notifications.delete_failed': 'Failed to delete %{item}',
  'notifications.status_failed': 'Failed to update the status of %{item}',
};

/** Defaults as catalogue messages, `labellens.defaults.<key>` (dotted keys nested); English unless given. */
interface Messages {
  [key: string]: string | Messages;
}
export const defaultsCatalogue = (
  defaults: Readonly<Record<ResourceKey, string>> = RESOURCE_DEFAULTS,
): Messages => {
  const root: Messages = {};
  for (const [key, text] of Object.entries(defaults)) {
    const parts = key.split('.');
    const last = parts.pop() ?? key;
    let node = root;
    for (const part of parts) node = (node[part] ??= {}) as Messages;
    node[last] = text;
  }
  return root;
};

import type { ResourceKey } from '../resourceText';

/**
 * The Hindi of src/i18n/defaults.ts: what a resource's run-time keys say when its strings do not
 * word them. `%{Item}` and `%{item}` are the same in Devanagari (no capitals); the verbs take the
 * masculine, Hindi's form for a noun of unknown gender.
 */
export const RESOURCE_DEFAULTS_HI: Readonly<Record<ResourceKey, string>> = {
  heading: '%{Items}',
  count: '%{count} %{item} |||| %{count} %{items}',
  add: '%{Item} जोड़ें',
  create_title: 'नया %{Item}',
  edit_title: '%{Item} बदलें',
  new_rows: '1 नया %{item} |||| %{count} नए %{items}',
  'message.bulk_delete_content': 'यह %{item} हटाएँ? |||| ये %{smart_count} %{items} हटाएँ?',
  'notifications.created': '%{Item} बन गया',
  'notifications.updated': '%{Item} के बदलाव सहेजे गए',
  'notifications.deleted': '%{Item} हटा दिया गया',
  'notifications.bulk_deleted': '%{Item} हटा दिया गया |||| %{smart_count} %{items} हटा दिए गए',
  'notifications.fetch_failed': '%{items} लोड नहीं हो सके',
  'notifications.create_failed': '%{item} नहीं बन सका',
  'notifications.update_failed': '%{item} के बदलाव सहेजे नहीं जा सके',
  'notifications.delete_failed': '%{item} हटाया नहीं जा सका',
  'notifications.status_failed': '%{item} की स्थिति बदली नहीं जा सकी',
};

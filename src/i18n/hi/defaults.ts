import type { ResourceKey } from '../resourceText';

/**
 * The Hindi of src/i18n/defaults.ts: what a resource's run-time keys say when its strings do not
 * word them. `%{Item}` and `%{item}` are the same in Devanagari (no capitals). The resource's noun
 * may be either gender (ख़बर, टैग), so no verb or adjective agrees with it: verbal nouns ("हटाने
 * में") and labels ("हटाया गया: ...") instead.
 */
export const RESOURCE_DEFAULTS_HI: Readonly<Record<ResourceKey, string>> = {
  heading: '%{Items}',
  count: '%{count} %{item} |||| %{count} %{items}',
  add: '%{Item} जोड़ें',
  create_title: '%{Item} बनाएँ',
  edit_title: '%{Item} बदलें',
  new_rows: '1 नई प्रविष्टि (%{item}) |||| %{count} नई प्रविष्टियाँ (%{items})',
  'message.bulk_delete_content': 'यह %{item} हटाएँ? |||| ये %{smart_count} %{items} हटाएँ?',
  'notifications.created': 'बनाया गया: %{Item}',
  'notifications.updated': '%{Item} के बदलाव सहेजे गए',
  'notifications.deleted': 'हटाया गया: %{Item}',
  'notifications.bulk_deleted': 'हटाया गया: %{Item} |||| हटाए गए: %{smart_count} %{items}',
  'notifications.fetch_failed': '%{items} लोड करने में दिक़्क़त आई',
  'notifications.create_failed': '%{item} बनाने में दिक़्क़त आई',
  'notifications.update_failed': '%{item} के बदलाव सहेजने में दिक़्क़त आई',
  'notifications.delete_failed': '%{item} हटाने में दिक़्क़त आई',
  'notifications.status_failed': '%{item} की स्थिति बदलने में दिक़्क़त आई',
};

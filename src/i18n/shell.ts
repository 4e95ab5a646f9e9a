import { SCORE_BAND_LABELS } from '../domain/scoreBands';
import { defaultsCatalogue } from './defaults';

/** The admin's frame: app title, notices, menu, lists, forms, pagination, uploads, live updates (labellens.*, merged into src/i18n/en.ts). */
export const shellMessages = {
  app: { title: 'LabelLens Admin' },
  // What a resource's run-time keys say when its strings do not word them (src/i18n/resourceText.ts).
  defaults: defaultsCatalogue(),
  page_notices: {
    new_version: 'A new version of the admin is available. Reload to use it.',
    reload: 'Reload',
    dismiss: 'Dismiss',
    offline:
      'You are offline. What you see may be out of date, and nothing can be saved until the connection is back.',
    offline_request: 'You are offline: this needs the connection.',
  },
  titles: { sign_in: 'Sign in', not_found: 'Page not found' },
  not_found: {
    hint: 'There is no admin page at this address. The link may be wrong, or the page may have moved.',
    home: 'Go to the dashboard',
  },
  no_access: {
    title: 'No access',
    hint: 'Your role does not include this screen. An owner can change your role on the Team screen.',
  },
  menu: {
    dashboard: 'Dashboard',
    scans: 'Scans',
    profiles: 'Profiles',
    users: 'Users',
    chats: 'Chats',
    messages: 'Messages',
    notifications: 'Notifications',
    news: 'News',
    payments: 'Payments',
    health_tips: 'Health Tips',
    tags: 'Tags',
    audit_log: 'Audit Log',
    contact_messages: 'Contact Inbox',
    trash: 'Trash',
    security: 'Security',
    team: 'Team',
    logout: 'Logout',
    toggle: 'Toggle sidebar (Ctrl+B)',
  },
  coming_soon: {
    badge: 'Coming soon',
    messages: 'Messages management is coming soon.',
    payments: 'Payments management is coming soon.',
  },
  pagination: {
    estimated_range: '%{offsetBegin}-%{offsetEnd} of about %{total}',
    past_max_rows_range: '%{offsetBegin}-%{offsetEnd} of more than %{total}',
  },
  forms: {
    discard_title: 'Discard unsaved changes?',
    discard_content: 'What you typed in this form will be lost.',
    discard: 'Discard',
    keep_editing: 'Keep editing',
    bulk_delete_title: 'Delete the selected items',
    characters: '%{count} / %{max} characters',
  },
  list: {
    loading: 'Loading...',
    empty: 'No %{name} yet',
    load_error: 'Could not load the list.',
    retry: 'Retry',
    details: 'Details',
    missing: 'This record does not exist. It may have been deleted, or the link is wrong.',
    dialog_error: 'Could not load this record.',
    // Accessibility (live regions, skip links): %{name} is the resource's name in the same number.
    results_found: '1 %{name} found |||| %{count} %{name} found',
    skip_to_pager: 'Skip to page navigation',
  },
  upload: {
    choose: 'Choose an image',
    // %{limit}: the bucket's size limit, e.g. "5 MB".
    hint: 'or drop or paste one here: PNG, JPEG or WebP, up to %{limit}',
    remove: 'Remove the chosen file',
    chosen: 'Chosen: %{name}',
    replaces_url: 'When you save, this file is uploaded and its address replaces the screenshot URL',
    uploading: 'Uploading…',
    preview: 'Preview of the screenshot',
  },
  live: {
    // Rows others added while the list was open; %{name} is the resource's name in the same number.
    show_new: 'Show',
    // An edit dialog whose record someone else changed (%{who}: their email) at %{time}.
    changed_by: '%{who} saved a newer version at %{time}.',
    deleted_by: '%{who} deleted this record at %{time}.',
    someone: 'Someone',
    reload: 'Reload',
    keep_mine: 'Keep my text',
    overwrite_title: 'Save over a newer version?',
    overwrite_content:
      '%{who} saved this record at %{time}, after you opened it. Saving now replaces their version with yours.',
    overwrite: 'Save mine',
    also_open: 'Also open by:',
    // A status toggle or bulk action the database refused: made from an older version of the rows.
    changed_since:
      'Not saved: someone changed or deleted this since it was loaded. The current version is shown again. |||| Not saved for %{smart_count} of them: someone changed or deleted them since they were loaded. The current versions are shown again.',
  },
  records: {
    id: 'ID',
    anonymous: 'Anonymous',
    none: 'None',
    yes: 'Yes',
    no: 'No',
  },
  bands: SCORE_BAND_LABELS,
  person_filter: { label: 'User' },
  // The user menu's languages are named in themselves (src/i18n/locales.ts).
  // MUI's own words, worded by the catalogue in other languages (src/layout/LocaleTheme.tsx).
  mui: { no_options: 'No options', pagination: 'Pagination navigation' },
  language: {
    save_failed:
      'Your language choice could not be saved to your account: it lasts only until the page is reloaded.',
  },
};

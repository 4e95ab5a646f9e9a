import { lazyComponent } from '../../lazyComponent';

const LABEL = 'labellens.person_filter.label';

/**
 * Its picker (an autocomplete over the users, about 17 KB of compressed code) loads only when the
 * filter is shown: most visits to a list never open it, and on a phone those bytes would delay the
 * first rows. Until it has loaded, nothing shows in its place (a moment, from the cache).
 */
const PersonPicker = lazyComponent(() => import('./PersonPicker'));

/**
 * The person filter of the lists whose rows have an owner (scans, profiles, chats): pick a user and
 * the list keeps their rows (`user_id`). Declared among the list's filters, so a user filter, also
 * one set by a link from a user's details, shows as this input with react-admin's Remove button,
 * wherever the list restores it from (the URL or the list's remembered filters).
 */
export const personFilter = <PersonPicker key="user_id" source="user_id" label={LABEL} />;

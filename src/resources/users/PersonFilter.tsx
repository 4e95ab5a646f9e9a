import { AutocompleteInput, ReferenceInput } from 'react-admin';
import type { AdminUser } from './data';

const LABEL = 'labellens.person_filter.label';

/** A user as the picker lists them: the email, else the phone, else the id. */
const personName = (user: AdminUser) => user.email ?? user.phone ?? user.id;

/**
 * The person filter of the lists whose rows have an owner (scans, profiles, chats): pick a user,
 * found by email through the Users resource's search (admin_list_users), and the list keeps their
 * rows (`user_id`). Declared among the list's filters, so a user filter, also one set by a link
 * from a user's details, shows as this input with react-admin's Remove button, wherever the list
 * restores it from (the URL or the list's remembered filters).
 */
export const personFilter = (
  <ReferenceInput key="user_id" source="user_id" reference="users" label={LABEL}>
    <AutocompleteInput label={LABEL} optionText={personName} sx={{ minWidth: 260 }} />
  </ReferenceInput>
);

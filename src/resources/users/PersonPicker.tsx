import { AutocompleteInput, ReferenceInput, type ReferenceInputProps } from 'react-admin';
import type { AdminUser } from './data';

/** A user as the picker lists them: the email, else the phone, else the id. */
const personName = (user: AdminUser) => user.email ?? user.phone ?? user.id;

/**
 * The person filter's input (src/resources/users/PersonFilter.tsx): pick a user, found by email
 * through the Users resource's search (admin_list_users); the list keeps their rows (`user_id`).
 */
export default function PersonPicker({ label, source, ...props }: Omit<ReferenceInputProps, 'reference'>) {
  return (
    <ReferenceInput {...props} source={source} reference="users" label={label}>
      <AutocompleteInput label={label} optionText={personName} sx={{ minWidth: 260 }} />
    </ReferenceInput>
  );
}

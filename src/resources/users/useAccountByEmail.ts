import { useCanAccess, useGetList } from 'react-admin';
import type { AdminUser } from './data';

/**
 * The account whose email is `email` (case-insensitive), for a contact message's sender: found
 * through the Users resource's search (admin_list_users), one request per address; undefined while
 * unknown or when there is none.
 */
export function useAccountByEmail(email: string | null | undefined): AdminUser | undefined {
  const { canAccess } = useCanAccess({ resource: 'users', action: 'list' });
  const { data } = useGetList<AdminUser>(
    'users',
    { filter: { q: email }, pagination: { page: 1, perPage: 5 } },
    { enabled: !!email && !!canAccess },
  );
  return data?.find((user) => user.email?.toLowerCase() === email?.toLowerCase());
}

import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename, useGetList, usePermissions } from 'react-admin';
import { operatorCan, type OperatorRole } from '../domain/operatorRoles';
import type { AdminUser } from './data';
import { Link } from 'react-router-dom';

/** A person's page below /admin (PersonPage): the one address every link to a person uses. */
export const personPath = (userId: string) => `/users/${userId}`;

/**
 * A person named on a screen (an owner, a sender, a recipient, an actor), linking to their page for
 * the roles that may open it (owners and support; an editor reading their own audit entries gets
 * the name as text). Clicks stay on the link (a row that opens a dialog does not open it too).
 */
export function PersonLink({ userId, children }: { userId: string; children: ReactNode }) {
  const basename = useBasename();
  const { permissions: role } = usePermissions<OperatorRole | null>();
  if (!operatorCan(role ?? null, 'users', 'show')) return <>{children}</>;
  return (
    <MuiLink
      component={Link}
      to={`${basename}${personPath(userId)}`}
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    >
      {children}
    </MuiLink>
  );
}

/**
 * The account whose email is `email` (case-insensitive), for a contact message's sender: found
 * through the Users resource's search (admin_list_users), one request per address; undefined while
 * unknown or when there is none.
 */
export function useAccountByEmail(email: string | null | undefined): AdminUser | undefined {
  const { permissions: role } = usePermissions<OperatorRole | null>();
  const { data } = useGetList<AdminUser>(
    'users',
    { filter: { q: email }, pagination: { page: 1, perPage: 5 } },
    { enabled: !!email && operatorCan(role ?? null, 'users', 'list') },
  );
  return data?.find((user) => user.email?.toLowerCase() === email?.toLowerCase());
}

import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename, useCanAccess } from 'react-admin';
import { Link } from 'react-router-dom';
import { personPath } from '../routes';

/**
 * A person named on a screen (an owner, a sender, a recipient, an actor), linking to their page for
 * the roles that may open it (owners and support; an editor reading their own audit entries gets
 * the name as text). Clicks stay on the link (a row that opens a dialog does not open it too).
 */
export function PersonLink({ userId, children }: { userId: string; children: ReactNode }) {
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'show' });
  if (!canAccess) return <>{children}</>;
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

import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename } from 'react-admin';
import { Link } from 'react-router-dom';

/** A person's page below /admin (PersonPage): the one address every link to a person uses. */
export const personPath = (userId: string) => `/users/${userId}`;

/**
 * A person named on a screen (an owner, a sender, a recipient, an actor), linking to their page.
 * Clicks stay on the link (a row that opens a dialog does not open it too).
 */
export function PersonLink({ userId, children }: { userId: string; children: ReactNode }) {
  const basename = useBasename();
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

import type { ReactNode } from 'react';
import { useBasename } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { securityPage } from '.';
import { mustEnrolSecondFactor, useMfaStatus } from './mfaStatus';

/**
 * Keeps an admin who must enrol a second factor on the Security page: every other admin route
 * redirects there until they have a verified factor and an aal2 session. Nothing is shown while the
 * status loads, so no admin screen flashes first; if the status cannot be read, the pages render and
 * the database's own refusal stands.
 */
export function EnrolmentGate({ children }: { children: ReactNode }) {
  const basename = useBasename();
  const { pathname } = useLocation();
  const { data, isPending } = useMfaStatus();
  if (isPending) return null;
  const securityPath = `${basename}${securityPage.path}`;
  if (mustEnrolSecondFactor(data) && pathname !== securityPath) return <Navigate to={securityPath} replace />;
  return children;
}

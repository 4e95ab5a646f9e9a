import { useEffect } from 'react';
import { useLocation, useNavigate, useNotify } from 'react-admin';
import type { WelcomeState } from '../routes';

/** Shows 'Welcome to Admin Panel' once after the login page hands over, then forgets it. */
export function useWelcomeToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const welcome = (location.state as WelcomeState | null)?.welcome === true;
  useEffect(() => {
    if (!welcome) return;
    notify('labellens.auth.welcome', { type: 'success' });
    navigate(location, { replace: true, state: null });
  }, [welcome, location, navigate, notify]);
}

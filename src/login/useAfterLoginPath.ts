import { useLocation } from 'react-router-dom';
import { ADMIN_BASE, ADMIN_HOME, ADMIN_LOGIN } from '../routes';

/** Where to go after signing in: the deep link first asked for (react-admin passes it), else the dashboard. */
export function useAfterLoginPath(): string {
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  const next = state?.nextPathname;
  const usable = next && next.startsWith(`${ADMIN_BASE}/`) && next !== ADMIN_LOGIN;
  return usable ? `${next}${state?.nextSearch ?? ''}` : ADMIN_HOME;
}

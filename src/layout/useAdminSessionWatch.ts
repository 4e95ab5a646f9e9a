import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthProvider, useLogout } from 'react-admin';
import type { SessionChecks } from '../providers/sessionChecks';
import { MFA_STATUS_KEY } from '../security/mfaStatus';
import type { DatabaseClient } from '../domain/database';

/**
 * Follows Supabase's auth events while the admin area is open: a sign-out (also from another
 * tab) or a session that is no longer an active admin's clears the state and returns to the login
 * page. Also follows the session checks a reload answered from memory: when the database's answer
 * differs (a role changed, an operator deactivated), the screens take the new one at once.
 */
export function useAdminSessionWatch(client: DatabaseClient, checks: SessionChecks): void {
  const authProvider = useAuthProvider();
  const logout = useLogout();
  const queryClient = useQueryClient();
  useEffect(() => {
    const { data } = client.auth.onAuthStateChange((event) => {
      // Deferred: calling the auth client from inside its own callback deadlocks it.
      if (event === 'SIGNED_OUT') {
        setTimeout(() => logout(), 0);
      } else if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED') {
        setTimeout(() => authProvider?.checkAuth({}).catch(() => logout()), 0);
      }
    });
    const stopRole = checks.role.subscribe((role) => {
      if (role) void queryClient.invalidateQueries({ queryKey: ['auth'] });
      else void logout();
    });
    const stopMfa = checks.mfa.subscribe((status) => queryClient.setQueryData(MFA_STATUS_KEY, status));
    return () => {
      data.subscription.unsubscribe();
      stopRole();
      stopMfa();
    };
  }, [client, checks, authProvider, logout, queryClient]);
}

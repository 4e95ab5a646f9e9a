import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { useAuthProvider, useLogout } from 'react-admin';

/**
 * Follows Supabase's auth events while the admin area is open: a sign-out (also from another
 * tab) or a session that is no longer an active admin's clears the state and returns to the login page.
 */
export function useAdminSessionWatch(client: SupabaseClient): void {
  const authProvider = useAuthProvider();
  const logout = useLogout();
  useEffect(() => {
    const { data } = client.auth.onAuthStateChange((event) => {
      // Deferred: calling the auth client from inside its own callback deadlocks it.
      if (event === 'SIGNED_OUT') {
        setTimeout(() => logout(), 0);
      } else if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED') {
        setTimeout(() => authProvider?.checkAuth({}).catch(() => logout()), 0);
      }
    });
    return () => data.subscription.unsubscribe();
  }, [client, authProvider, logout]);
}

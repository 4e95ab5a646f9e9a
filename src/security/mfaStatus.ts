import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionChecks, supabaseClient } from '../providers';
import type { MfaStatus } from '../providers/sessionChecks';

export const MFA_STATUS_KEY = ['admin_mfa_status'] as const;

/**
 * The signed-in account's second-factor status, shared by the screens that need it: read with the
 * auth provider's admin check, and from the tab's memory on a reload (providers/sessionChecks.ts).
 */
export function useMfaStatus() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: MFA_STATUS_KEY,
    queryFn: async () => {
      const { data } = await supabaseClient.auth.getSession();
      if (!data.session) throw new Error('No session');
      // The first read is the auth provider's; a refetch (a remount, a focused window) asks again.
      const first = queryClient.getQueryData(MFA_STATUS_KEY) === undefined;
      return first ? sessionChecks.mfa.get(data.session) : sessionChecks.mfa.reload(data.session);
    },
  });
}

/** Reads the status again, e.g. once a factor is verified (the session is aal2 from then on). */
export function useRefreshMfaStatus() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    sessionChecks.mfa.forget();
    return queryClient.invalidateQueries({ queryKey: MFA_STATUS_KEY });
  }, [queryClient]);
}

/**
 * Whether the account may only enrol: second factors are mandatory (admin_settings.mfa_required),
 * and it has no verified factor or this session is not aal2. The database refuses such an admin
 * every admin row (public.is_admin()); the screens send them to the Security page and keep them there.
 */
export const mustEnrolSecondFactor = (status: MfaStatus | undefined) =>
  Boolean(
    status?.is_admin_account && status.mfa_required && !(status.has_verified_factor && status.aal === 'aal2'),
  );

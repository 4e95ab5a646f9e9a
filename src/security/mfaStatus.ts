import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { supabaseClient } from '../providers';

/** public.admin_mfa_status(): what the admin screens need to route a signed-in account. */
export interface MfaStatus {
  is_admin_account: boolean;
  aal: string;
  has_verified_factor: boolean | null;
  mfa_required: boolean | null;
}

const MFA_STATUS_KEY = ['admin_mfa_status'] as const;

/** The signed-in account's second-factor status, read once and shared by the screens that need it. */
export function useMfaStatus() {
  return useQuery({
    queryKey: MFA_STATUS_KEY,
    queryFn: async () => {
      const { data, error } = await supabaseClient.rpc('admin_mfa_status');
      if (error) throw error;
      return data as MfaStatus;
    },
  });
}

/** Reads the status again, e.g. once a factor is verified (the session is aal2 from then on). */
export function useRefreshMfaStatus() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: MFA_STATUS_KEY }), [queryClient]);
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

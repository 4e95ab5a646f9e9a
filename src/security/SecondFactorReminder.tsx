import { Alert, AlertTitle, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { supabaseClient } from '../providers';

interface MfaStatus {
  is_admin_account: boolean;
  aal: string;
  has_verified_factor: boolean | null;
  mfa_required: boolean | null;
}

/**
 * The dashboard's reminder for an admin without an authenticator app (public.admin_mfa_status()):
 * a suggestion, or, when admin_settings makes it mandatory, the only way forward.
 */
export function SecondFactorReminder() {
  const translate = useTranslate();
  const basename = useBasename();
  const { data } = useQuery({
    queryKey: ['admin_mfa_status'],
    queryFn: async () => {
      const { data: status, error } = await supabaseClient.rpc('admin_mfa_status');
      if (error) throw error;
      return status as MfaStatus;
    },
  });
  if (!data?.is_admin_account || data.has_verified_factor) return null;
  const required = data.mfa_required === true;
  return (
    <Alert
      severity={required ? 'error' : 'warning'}
      sx={{ mb: 2 }}
      action={
        <Button component={Link} to={`${basename}/security`} color="inherit" size="small">
          {translate('labellens.security.reminder_action')}
        </Button>
      }
    >
      <AlertTitle>
        {translate(required ? 'labellens.security.required_title' : 'labellens.security.reminder_title')}
      </AlertTitle>
      {translate(required ? 'labellens.security.required_body' : 'labellens.security.reminder_body')}
    </Alert>
  );
}

import { Alert, AlertTitle, Button } from '@mui/material';
import { useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { securityPage } from '.';
import { useMfaStatus } from './mfaStatus';

/**
 * The dashboard's suggestion to an admin without an authenticator app (public.admin_mfa_status()).
 * When admin_settings makes one mandatory, EnrolmentGate keeps such an admin on the Security page
 * instead, so the dashboard is never theirs to see.
 */
export function SecondFactorReminder() {
  const translate = useTranslate();
  const basename = useBasename();
  const { data } = useMfaStatus();
  if (!data?.is_admin_account || data.has_verified_factor || data.mfa_required) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button component={Link} to={`${basename}${securityPage.path}`} color="inherit" size="small">
          {translate('labellens.security.reminder_action')}
        </Button>
      }
    >
      <AlertTitle>{translate('labellens.security.reminder_title')}</AlertTitle>
      {translate('labellens.security.reminder_body')}
    </Alert>
  );
}

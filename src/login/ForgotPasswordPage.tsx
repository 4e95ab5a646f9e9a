import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { lookup as t } from '../i18n/lookup';
import { supabaseClient } from '../providers';
import { ADMIN_BASE } from '../routes';
import { AuthCard } from './AuthCard';

/**
 * /admin/forgot-password: asks Supabase Auth to email a reset link, then shows one message whatever
 * Auth answered. Auth itself answers an unknown address `{}` at once but may refuse a known one (429:
 * a link went to it less than a minute ago, or the project's email budget is spent), so showing
 * Auth's refusal would tell a stranger which addresses have accounts (docs/architecture.md).
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [missing, setMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setMissing(true);
    setMissing(false);
    setState('sending');
    await supabaseClient.auth.resetPasswordForEmail(email.trim());
    setState('sent');
  };

  return (
    <AuthCard title={t('labellens.recovery.forgot_title')} subtitle={t('labellens.recovery.forgot_subtitle')}>
      {state === 'sent' ? (
        <Alert severity="success" role="status">
          {t('labellens.recovery.sent')}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
          <TextField
            name="email"
            type="email"
            label={t('labellens.auth.email')}
            autoComplete="email"
            autoFocus
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={state === 'sending'}
            error={missing}
            helperText={missing ? t('ra.validation.required') : undefined}
          />
          <Button type="submit" variant="contained" size="large" disabled={state === 'sending'}>
            {t(state === 'sending' ? 'labellens.recovery.sending' : 'labellens.recovery.send_link')}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={`${ADMIN_BASE}/login`}>
          {t('labellens.recovery.back_to_sign_in')}
        </Link>
      </Box>
    </AuthCard>
  );
}

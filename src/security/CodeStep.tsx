import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { isCompleteCode, normaliseCode } from '../domain/mfa';
import { lookup as t } from '../i18n/lookup';
import { CodeField } from './CodeField';
import { verifiedTotpFactors, verifyCode } from './secondFactor';
import type { DatabaseClient } from '../domain/database';

/**
 * The login's second step for an admin with an authenticator app: the code raises the session to
 * aal2, which the database asks of them. Wrong codes say so; GoTrue limits attempts like sign-ins.
 */
export function CodeStep({
  client,
  onVerified,
  onCancel,
}: {
  client: DatabaseClient;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(normaliseCode(code))) {
      setError(t('labellens.security.incomplete_code'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const [factor] = await verifiedTotpFactors(client);
      const refusal = factor ? await verifyCode(client, factor.id, code) : 'labellens.security.verify_failed';
      if (!refusal) return onVerified();
      setError(t(refusal));
    } catch {
      setError(t('labellens.security.verify_failed'));
    }
    setBusy(false);
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'grid', gap: 2 }}
      aria-label={t('labellens.security.code_title')}
    >
      <Typography variant="h6" component="h2" sx={{ textAlign: 'center' }}>
        {t('labellens.security.code_title')}
      </Typography>
      {error && (
        <Alert severity="error" data-testid="code-error" role="alert">
          {error}
        </Alert>
      )}
      <CodeField value={code} onChange={setCode} error={Boolean(error)} disabled={busy} autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy && <CircularProgress size={18} thickness={3} sx={{ mr: 1 }} color="inherit" aria-hidden />}
        {t(busy ? 'labellens.security.verifying' : 'labellens.security.verify')}
      </Button>
      <Button onClick={onCancel} disabled={busy}>
        {t('labellens.security.use_another_account')}
      </Button>
    </Box>
  );
}

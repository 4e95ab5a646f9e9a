import { Alert, Box, Button, CircularProgress, Link, Snackbar, TextField } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { lookup as t } from '../i18n/lookup';
import { FullPageWait } from '../layout/FullPageWait';
import { authProvider, supabaseClient } from '../providers';
import { CodeStep } from '../security/CodeStep';
import { needsSecondFactor } from '../security/secondFactor';
import { ADMIN_BASE, type WelcomeState } from '../routes';
import { AuthCard } from './AuthCard';
import { useAfterLoginPath } from './useAfterLoginPath';

interface Credentials {
  email: string;
  password: string;
}

/** Is someone already signed in as an active admin? undefined while Supabase initialises. */
function useExistingAdminSession(): boolean | undefined {
  const [admin, setAdmin] = useState<boolean>();
  useEffect(() => {
    let current = true;
    authProvider.checkAuth({}).then(
      () => current && setAdmin(true),
      () => current && setAdmin(false),
    );
    return () => {
      current = false;
    };
  }, []);
  return admin;
}

export interface LoginPageProps {
  /**
   * Called with the address the person goes to once their password is accepted, while their role
   * and second factor are still being checked, so what follows can start (src/main.tsx).
   */
  onPasswordAccepted?: (next: string) => void;
}

/**
 * /admin/login. A standalone route, outside react-admin, so that the
 * login page loads little JavaScript; it signs in through the same auth provider the admin app uses.
 */
export function LoginPage({ onPasswordAccepted }: LoginPageProps = {}) {
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();
  const existingAdmin = useExistingAdminSession();
  const [error, setError] = useState<string | null>(null);
  const [toastOpen, setToastOpen] = useState(false);
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [missing, setMissing] = useState<Record<keyof Credentials, boolean>>({
    email: false,
    password: false,
  });
  const [busy, setBusy] = useState(false);
  // After the password, an admin with an authenticator app enters its code (src/security).
  const [codeStep, setCodeStep] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The fields are disabled while signing in, which drops focus to the page body; after a failure
  // (announced by the alert) focus returns to the password, selected so it can be typed again.
  useEffect(() => {
    if (!error || busy) return;
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }, [error, busy]);

  if (existingAdmin === undefined) return <FullPageWait message={t('labellens.auth.initialising')} />;
  if (existingAdmin) return <Navigate to={afterLogin} replace />;

  const enter = () => {
    const welcome: WelcomeState = { welcome: true };
    navigate(afterLogin, { replace: true, state: welcome });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blank = { email: !credentials.email.trim(), password: !credentials.password };
    setMissing(blank);
    if (blank.email || blank.password) return;
    setError(null);
    setBusy(true);
    try {
      await authProvider.login(credentials, { passwordAccepted: () => onPasswordAccepted?.(afterLogin) });
      if (await needsSecondFactor(supabaseClient)) {
        setCodeStep(true);
        setBusy(false);
        return;
      }
      enter();
    } catch (failure) {
      // Catalogue keys translate; a provider message (e.g. 'Invalid login credentials') passes through.
      const message = failure instanceof Error ? t(failure.message) : t('labellens.auth.unexpected_error');
      setError(message);
      setToastOpen(true);
      setBusy(false);
    }
  };

  const field = (name: keyof Credentials) => ({
    name,
    value: credentials[name],
    onChange: (event: { target: { value: string } }) =>
      setCredentials((current) => ({ ...current, [name]: event.target.value })),
    required: true,
    disabled: busy,
    error: missing[name],
    helperText: missing[name] ? t('ra.validation.required') : undefined,
  });
  return (
    <>
      <AuthCard title={t('labellens.auth.panel_title')} subtitle={t('labellens.auth.panel_subtitle')}>
        {codeStep ? (
          <CodeStep
            client={supabaseClient}
            onVerified={enter}
            onCancel={() => authProvider.logout({}).finally(() => setCodeStep(false))}
          />
        ) : (
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
            {error && (
              <Alert severity="error" data-testid="login-error">
                {error}
              </Alert>
            )}
            <TextField
              {...field('email')}
              type="email"
              label={t('labellens.auth.email')}
              autoComplete="email"
              autoFocus
            />
            <TextField
              {...field('password')}
              type="password"
              label={t('labellens.auth.password')}
              autoComplete="current-password"
              inputRef={passwordRef}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy && (
                <CircularProgress size={18} thickness={3} sx={{ mr: 1 }} color="inherit" aria-hidden />
              )}
              {t(busy ? 'labellens.auth.signing_in' : 'labellens.auth.sign_in')}
            </Button>
            <Link component={RouterLink} to={`${ADMIN_BASE}/forgot-password`} sx={{ justifySelf: 'center' }}>
              {t('labellens.auth.forgot_password')}
            </Link>
          </Box>
        )}
      </AuthCard>
      <Snackbar
        open={toastOpen}
        autoHideDuration={5000}
        onClose={() => setToastOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="error"
          variant="filled"
          data-testid="login-toast"
          onClose={() => setToastOpen(false)}
        >
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}

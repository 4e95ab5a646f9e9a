import { Alert, Box, Button, CircularProgress, Link, TextField } from '@mui/material';
import type { EmailOtpType } from '@supabase/supabase-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { lookup as t } from '../i18n/lookup';
import { supabaseClient } from '../providers';
import { ADMIN_BASE, type WelcomeState } from '../routes';
import { AuthCard } from './AuthCard';

/** Supabase Auth's default minimum (GOTRUE_PASSWORD_MIN_LENGTH): its own refusal also shows. */
const PASSWORD_MIN_LENGTH = 6;
const LINK_TYPES: readonly EmailOtpType[] = ['recovery', 'invite'];

/** The emailed link's token hash and type. */
function readLink(): { tokenHash: string; type: EmailOtpType } | null {
  const params = new URLSearchParams(window.location.search);
  const tokenHash = params.get('token_hash');
  const type = params.get('type') as EmailOtpType | null;
  if (params.has('token_hash'))
    window.history.replaceState(window.history.state, '', window.location.pathname);
  return tokenHash && type && LINK_TYPES.includes(type) ? { tokenHash, type } : null;
}

/**
 * /admin/set-password?token_hash=…&type=recovery|invite, the emailed link's page. The token hash
 * is verified with supabase-js's verifyOtp (once: the link is single-use), which starts a session;
 * the token is then taken out of the address bar, and the operator chooses a password, which also
 * accepts a pending invitation. A link that has expired or was used says so and offers a new one.
 */
export function SetPasswordPage() {
  const navigate = useNavigate();
  // The link's token, read once; a page without a usable one is an invalid link.
  const [link] = useState(readLink);
  const [state, setState] = useState<'verifying' | 'ready' | 'invalid' | 'saving'>(
    link ? 'verifying' : 'invalid',
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<{ password?: string; confirm?: string; save?: string }>({});
  const started = useRef(false);

  useEffect(() => {
    // The token leaves the address bar (and so the history) at once.
    if (window.location.search)
      window.history.replaceState(window.history.state, '', window.location.pathname);
    // Once, also under StrictMode's second effect run: a second verify would find the token used.
    if (!link || started.current) return;
    started.current = true;
    void supabaseClient.auth
      .verifyOtp({ token_hash: link.tokenHash, type: link.type })
      .then(({ error }) => setState(error ? 'invalid' : 'ready'));
  }, [link]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof problem = {};
    if (password.length < PASSWORD_MIN_LENGTH)
      next.password = t('labellens.recovery.too_short').replace('%{min}', String(PASSWORD_MIN_LENGTH));
    if (confirm !== password) next.confirm = t('labellens.recovery.mismatch');
    setProblem(next);
    if (next.password || next.confirm) return;
    setState('saving');
    // First the invitation, if this account has one pending: only a session that began at an
    // emailed link, as this one did, may accept it (public.admin_accept_invitation(), which also
    // removes whatever someone did to the account before: other sessions, factors, a password).
    // Then the password. Without a pending invitation the call changes nothing.
    const accepted = await supabaseClient.rpc('admin_accept_invitation');
    const { error } = accepted.error ? { error: null } : await supabaseClient.auth.updateUser({ password });
    const refusal = accepted.error ?? error;
    if (refusal) {
      setProblem({ save: refusal.message });
      setState('ready');
      return;
    }
    const welcome: WelcomeState = { welcome: true };
    navigate(`${ADMIN_BASE}/`, { replace: true, state: welcome });
  };

  const title = t('labellens.recovery.set_title');
  if (state === 'verifying')
    return (
      <AuthCard title={title} subtitle={t('labellens.recovery.checking_link')}>
        <Box
          sx={{ display: 'flex', justifyContent: 'center' }}
          role="status"
          aria-label={t('labellens.recovery.checking_link')}
        >
          <CircularProgress />
        </Box>
      </AuthCard>
    );
  if (state === 'invalid')
    return (
      <AuthCard title={title} subtitle={t('labellens.recovery.set_subtitle')}>
        <Alert severity="error">{t('labellens.recovery.link_invalid')}</Alert>
        <Box sx={{ mt: 2, display: 'grid', gap: 1, textAlign: 'center' }}>
          <Button component={RouterLink} to={`${ADMIN_BASE}/forgot-password`} variant="contained">
            {t('labellens.recovery.new_link')}
          </Button>
          <Link component={RouterLink} to={`${ADMIN_BASE}/login`}>
            {t('labellens.recovery.back_to_sign_in')}
          </Link>
        </Box>
      </AuthCard>
    );
  return (
    <AuthCard title={title} subtitle={t('labellens.recovery.set_subtitle')}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        {problem.save && <Alert severity="error">{t(problem.save)}</Alert>}
        <TextField
          name="password"
          type="password"
          label={t('labellens.recovery.new_password')}
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={state === 'saving'}
          error={!!problem.password}
          helperText={problem.password}
        />
        <TextField
          name="confirm"
          type="password"
          label={t('labellens.recovery.confirm_password')}
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          disabled={state === 'saving'}
          error={!!problem.confirm}
          helperText={problem.confirm}
        />
        <Button type="submit" variant="contained" size="large" disabled={state === 'saving'}>
          {t(state === 'saving' ? 'labellens.recovery.saving' : 'labellens.recovery.save_password')}
        </Button>
      </Box>
    </AuthCard>
  );
}

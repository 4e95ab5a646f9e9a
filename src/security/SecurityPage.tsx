import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Factor } from '@supabase/supabase-js';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '../domain/format';
import { isCompleteCode, normaliseCode } from '../domain/mfa';
import { FORM_IN_DIALOG_SX, usePhone } from '../layout/phone';
import { supabaseClient } from '../providers';
import { CodeField } from './CodeField';
import { mustEnrolSecondFactor, useMfaStatus, useRefreshMfaStatus } from './mfaStatus';
import { verifiedTotpFactors, verifyCode } from './secondFactor';

interface Enrolment {
  id: string;
  qrCode: string;
  secret: string;
}

/**
 * /admin/security (from the user menu): the admin's authenticator apps. Adding one shows its QR
 * code and setup key and finishes with a code from it; removing one asks for a fresh code from
 * it first (GoTrue removes a verified factor only from an aal2 session).
 */
export default function SecurityPage() {
  const translate = useTranslate();
  const [factors, setFactors] = useState<Factor[]>();
  const [loadError, setLoadError] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const { data: status } = useMfaStatus();
  const refreshStatus = useRefreshMfaStatus();

  const reload = useCallback(() => {
    verifiedTotpFactors(supabaseClient).then(
      (list) => {
        setFactors(list);
        setLoadError(false);
      },
      () => setLoadError(true),
    );
  }, []);
  useEffect(reload, [reload]);

  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <Title title={translate('labellens.security.page_title')} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {translate('labellens.security.page_title')}
      </Typography>
      {mustEnrolSecondFactor(status) && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="enrolment-required">
          <AlertTitle>{translate('labellens.security.required_title')}</AlertTitle>
          {translate('labellens.security.enrol_first_body')}
        </Alert>
      )}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('labellens.security.factors_heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('labellens.security.factors_intro')}
          </Typography>
          {loadError && <Alert severity="error">{translate('labellens.security.verify_failed')}</Alert>}
          {factors?.length === 0 && (
            <Alert severity="info">{translate('labellens.security.no_factors')}</Alert>
          )}
          <List aria-label={translate('labellens.security.factors_heading')}>
            {factors?.map((factor) => (
              <ListItem
                key={factor.id}
                divider
                secondaryAction={
                  <Button color="error" startIcon={<DeleteIcon />} onClick={() => setRemoving(factor)}>
                    {translate('labellens.security.remove')}
                  </Button>
                }
              >
                <ListItemText
                  primary={factor.friendly_name || translate('labellens.security.default_factor_name')}
                  secondary={translate('labellens.security.added_on', {
                    date: formatDate(factor.created_at),
                  })}
                />
              </ListItem>
            ))}
          </List>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
            {translate('labellens.security.add_factor')}
          </Button>
        </CardContent>
      </Card>
      {adding && (
        <AddFactorDialog
          onClose={(added) => {
            setAdding(false);
            if (added) {
              reload();
              void refreshStatus();
            }
          }}
        />
      )}
      {removing && (
        <RemoveFactorDialog
          factor={removing}
          onClose={(removed) => {
            setRemoving(null);
            if (removed) {
              reload();
              void refreshStatus();
            }
          }}
        />
      )}
    </Box>
  );
}

/** Name the app, enrol (QR code and key), then verify a code from it to finish. */
function AddFactorDialog({ onClose }: { onClose: (added: boolean) => void }) {
  const translate = useTranslate();
  const fullScreen = usePhone();
  const notify = useNotify();
  const [name, setName] = useState(translate('labellens.security.default_factor_name'));
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { data, error: enrolError } = await supabaseClient.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: name.trim(),
    });
    setBusy(false);
    if (enrolError || data?.type !== 'totp') {
      setError(enrolError ? translate(enrolError.message) : translate('labellens.security.enrol_failed'));
      return;
    }
    setEnrolment({ id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
  };

  const finish = async (event: FormEvent) => {
    event.preventDefault();
    if (!enrolment) return;
    if (!isCompleteCode(normaliseCode(code)))
      return setError(translate('labellens.security.incomplete_code'));
    setBusy(true);
    const refusal = await verifyCode(supabaseClient, enrolment.id, code);
    setBusy(false);
    if (refusal) return setError(translate(refusal));
    notify('labellens.security.enrolled', { type: 'success' });
    onClose(true);
  };

  // An abandoned enrolment leaves no unverified factor behind.
  const cancel = async () => {
    if (enrolment) await supabaseClient.auth.mfa.unenroll({ factorId: enrolment.id });
    onClose(false);
  };

  return (
    <Dialog
      open
      onClose={cancel}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      sx={FORM_IN_DIALOG_SX}
      aria-labelledby="add-factor-title"
    >
      <DialogTitle id="add-factor-title">{translate('labellens.security.add_factor')}</DialogTitle>
      <Box component="form" onSubmit={enrolment ? finish : start} noValidate>
        <DialogContent dividers>
          <Stack spacing={2}>
            {error && (
              <Alert severity="error" role="alert" data-testid="security-error">
                {error}
              </Alert>
            )}
            {!enrolment ? (
              <TextField
                label={translate('labellens.security.factor_name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                autoFocus
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            ) : (
              <>
                <Typography variant="body2">{translate('labellens.security.scan_qr')}</Typography>
                <Box
                  component="img"
                  src={enrolment.qrCode}
                  alt={translate('labellens.security.qr_alt')}
                  sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: 'common.white', p: 1 }}
                />
                <TextField
                  label={translate('labellens.security.secret_label')}
                  value={enrolment.secret}
                  slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'totp-secret' } }}
                  sx={{ '& input': { fontFamily: 'monospace' } }}
                />
                <CodeField value={code} onChange={setCode} error={Boolean(error)} disabled={busy} autoFocus />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={busy}>
            {translate('labellens.security.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(enrolment ? 'labellens.security.finish' : 'labellens.security.add_factor')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** A fresh code from the app (a new aal2 verification), then the removal. */
function RemoveFactorDialog({ factor, onClose }: { factor: Factor; onClose: (removed: boolean) => void }) {
  const translate = useTranslate();
  const fullScreen = usePhone();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = factor.friendly_name || translate('labellens.security.default_factor_name');

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(normaliseCode(code)))
      return setError(translate('labellens.security.incomplete_code'));
    setBusy(true);
    const refusal = await verifyCode(supabaseClient, factor.id, code);
    if (refusal) {
      setBusy(false);
      return setError(translate(refusal));
    }
    const { error: removeError } = await supabaseClient.auth.mfa.unenroll({ factorId: factor.id });
    setBusy(false);
    if (removeError) return setError(translate(removeError.message));
    // The session lost its aal2 with the factor: a refreshed token says so to the database.
    await supabaseClient.auth.refreshSession();
    notify('labellens.security.removed', { type: 'success' });
    onClose(true);
  };

  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="xs"
      sx={FORM_IN_DIALOG_SX}
      aria-labelledby="remove-factor-title"
    >
      <DialogTitle id="remove-factor-title">
        {translate('labellens.security.remove_title', { name })}
      </DialogTitle>
      <Box component="form" onSubmit={remove} noValidate>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2">{translate('labellens.security.remove_help')}</Typography>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <CodeField value={code} onChange={setCode} error={Boolean(error)} disabled={busy} autoFocus />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={busy}>
            {translate('labellens.security.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {translate('labellens.security.remove')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { checkInvite, INVITE_ISSUES } from '../domain/operatorInvite';
import { OPERATOR_ROLES, type OperatorRole } from '../domain/operatorRoles';
import { supabaseClient } from '../providers';
import { inviteOperator, type InviteLink } from './teamData';

/**
 * Invite operator: an email and a role, checked here with the function's own rule, then sent to
 * the invite-operator function. What was typed stays in the dialog when the function refuses it.
 */
export function InviteDialog({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (email: string, link: InviteLink) => void;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('editor');
  const [problem, setProblem] = useState<{ field: 'email' | 'role' | 'form'; message: string } | null>(null);
  const send = useMutation({
    mutationFn: (invite: { email: string; role: OperatorRole }) => inviteOperator(supabaseClient, invite),
    onSuccess: (link, invite) => {
      setEmail('');
      setRole('editor');
      setProblem(null);
      onInvited(invite.email, link);
    },
    onError: (error: Error) => setProblem({ field: 'form', message: error.message }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInvite({ email, role });
    if (!checked.ok) {
      setProblem({
        field: checked.issue === 'role' ? 'role' : 'email',
        message: INVITE_ISSUES[checked.issue],
      });
      return;
    }
    setProblem(null);
    send.mutate(checked.invite);
  };

  return (
    <Dialog
      open={open}
      onClose={send.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate('labellens.team.invite.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={translate('labellens.team.invite.email')}
              type="email"
              autoComplete="off"
              autoFocus
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={problem?.field === 'email'}
              helperText={
                problem?.field === 'email' ? translate(problem.message) : translate('labellens.team.invite.email_help')
              }
            />
            <TextField
              select
              label={translate('labellens.team.columns.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as OperatorRole)}
              error={problem?.field === 'role'}
              helperText={
                problem?.field === 'role' ? translate(problem.message) : translate(`labellens.team.role_help.${role}`)
              }
            >
              {OPERATOR_ROLES.map((option) => (
                <MenuItem key={option} value={option} sx={{ minHeight: 44 }}>
                  {translate(`labellens.team.roles.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            {problem?.field === 'form' && <Alert severity="error">{translate(problem.message)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending} sx={{ minHeight: 44 }}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={send.isPending} sx={{ minHeight: 44 }}>
            {translate(send.isPending ? 'labellens.team.invite.sending' : 'labellens.team.invite.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../domain/format';
import { OPERATOR_ROLES, type OperatorRole } from '../domain/operatorRoles';
import { supabaseClient } from '../providers';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { InviteDialog } from './InviteDialog';
import { applyTeamChange, fetchTeam, type Operator, type TeamChange } from './teamData';

const TEAM_KEY = ['admin_team'] as const;

/** The confirmation's text of a change (catalogue keys under labellens.team.confirm). */
function confirmText(change: TeamChange, translate: ReturnType<typeof useTranslate>) {
  const email = change.operator.email;
  if (change.kind === 'role')
    return translate('labellens.team.confirm.role', {
      email,
      role: translate(`labellens.team.roles.${change.role}`),
    });
  if (change.kind === 'active')
    return translate(
      change.active ? 'labellens.team.confirm.reactivate' : 'labellens.team.confirm.deactivate',
      {
        email,
      },
    );
  return translate('labellens.team.confirm.reset_factor', { email });
}

/**
 * Owners manage the operators here: change a role, deactivate or reactivate, reset a lost second
 * factor. Each asks to confirm; the database checks the caller is an active owner, keeps the last
 * active owner and records each change in the audit trail.
 */
export default function TeamPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TeamChange | null>(null);
  // ?invite=1 (the command palette's Invite an operator) opens the invitation at once.
  const [params, setParams] = useSearchParams();
  const [inviting, setInviting] = useState(params.get('invite') === '1');
  // Also when the palette asks while the Team screen is already open (the page stays mounted).
  const [askedBefore, setAskedBefore] = useState(params.get('invite'));
  if (params.get('invite') !== askedBefore) {
    setAskedBefore(params.get('invite'));
    if (params.get('invite') === '1') setInviting(true);
  }
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const team = useQuery({ queryKey: TEAM_KEY, queryFn: () => fetchTeam(supabaseClient) });
  const change = useMutation({
    mutationFn: (next: TeamChange) => applyTeamChange(supabaseClient, next),
    onSuccess: () => notify('labellens.team.saved', { type: 'success' }),
    // The database's own words (e.g. the last active owner kept).
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => {
      setPending(null);
      return queryClient.invalidateQueries({ queryKey: TEAM_KEY });
    },
  });

  const rowActions = (operator: Operator) => (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      <TextField
        select
        size="small"
        label={translate('labellens.team.columns.role')}
        value={operator.role}
        onChange={(event) => setPending({ kind: 'role', operator, role: event.target.value as OperatorRole })}
        sx={{ minWidth: 130 }}
      >
        {OPERATOR_ROLES.map((role) => (
          <MenuItem key={role} value={role} sx={{ minHeight: 44 }}>
            {translate(`labellens.team.roles.${role}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        sx={{ minHeight: 44 }}
        onClick={() => setPending({ kind: 'active', operator, active: !operator.is_active })}
      >
        {translate(operator.is_active ? 'labellens.team.deactivate' : 'labellens.team.reactivate')}
      </Button>
      {operator.has_verified_factor && (
        <Button sx={{ minHeight: 44 }} onClick={() => setPending({ kind: 'resetFactor', operator })}>
          {translate('labellens.team.reset_factor')}
        </Button>
      )}
    </Stack>
  );

  const statusChips = (operator: Operator) => (
    <>
      <Chip
        size="small"
        color={operator.is_active ? 'success' : 'default'}
        label={translate(operator.is_active ? 'labellens.team.active' : 'labellens.team.inactive')}
      />
      {operator.invite_pending && (
        <Chip size="small" variant="outlined" sx={{ ml: 0.5 }} label={translate('labellens.team.invited')} />
      )}
    </>
  );
  const factorText = (operator: Operator) =>
    translate(operator.has_verified_factor ? 'labellens.team.factor_on' : 'labellens.team.factor_off');
  const lastSignIn = (operator: Operator) =>
    operator.last_sign_in_at ? formatDateTime(operator.last_sign_in_at) : translate('labellens.team.never');

  // Phones: one card per operator, the same facts and actions stacked (no sideways scrolling).
  const cards = (
    <Stack
      spacing={1.5}
      component="ul"
      aria-label={translate('labellens.menu.team')}
      sx={{ p: 0, m: 0, listStyle: 'none' }}
    >
      {(team.data ?? []).map((operator) => (
        <Card key={operator.user_id} component="li" variant="outlined">
          <CardContent>
            <Stack spacing={1}>
              <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{operator.email}</Typography>
              <div>{statusChips(operator)}</div>
              <Typography variant="body2" color="text.secondary">
                {translate('labellens.team.columns.factor')}: {factorText(operator)} ·{' '}
                {translate('labellens.team.columns.last_sign_in')}: {lastSignIn(operator)}
              </Typography>
              {rowActions(operator)}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={translate('labellens.menu.team')} />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h4" component="h1">
          {translate('labellens.menu.team')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          onClick={() => setInviting(true)}
          sx={{ minHeight: 44 }}
        >
          {translate('labellens.team.invite.open')}
        </Button>
      </Stack>
      {team.isError && <Alert severity="error">{translate(team.error.message)}</Alert>}
      {isPhone ? (
        cards
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate('labellens.menu.team')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('labellens.team.columns.email')}</TableCell>
                <TableCell>{translate('labellens.team.columns.status')}</TableCell>
                <TableCell>{translate('labellens.team.columns.factor')}</TableCell>
                <TableCell>{translate('labellens.team.columns.last_sign_in')}</TableCell>
                <TableCell>{translate('labellens.team.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(team.data ?? []).map((operator) => (
                <TableRow key={operator.user_id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{operator.email}</TableCell>
                  <TableCell>{statusChips(operator)}</TableCell>
                  <TableCell>{factorText(operator)}</TableCell>
                  <TableCell>{lastSignIn(operator)}</TableCell>
                  <TableCell>{rowActions(operator)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <InviteDialog
        open={inviting}
        onClose={() => {
          setInviting(false);
          // A reload after closing it does not open it again.
          if (params.get('invite')) setParams({}, { replace: true });
        }}
        onInvited={(email, link) => {
          setInviting(false);
          notify(link === 'recovery' ? 'labellens.team.invite.sent_reset' : 'labellens.team.invite.sent', {
            type: 'success',
            messageArgs: { email },
          });
          return queryClient.invalidateQueries({ queryKey: TEAM_KEY });
        }}
      />
      <Confirm
        isOpen={pending !== null}
        loading={change.isPending}
        title={translate('labellens.team.confirm.title')}
        content={pending ? confirmText(pending, translate) : ''}
        onConfirm={() => pending && change.mutate(pending)}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}

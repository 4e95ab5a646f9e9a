import { Button, Chip, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { PushOperator, PushSend, SendStatusChange } from './pushMethods';
import { useAdminDataProvider } from './useAdminDataProvider';

/** Pieces of a send shared by the sends list and its dialog. */

const key = (name: string) => `labellens.notifications.sends.${name}`;

const STATUS_COLORS = {
  waiting_for_approval: 'warning',
  scheduled: 'info',
  sending: 'primary',
  paused: 'default',
  done: 'success',
  cancelled: 'default',
} as const;

export function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status as keyof typeof STATUS_COLORS] ?? 'default'}
      label={translate(key(`statuses.${status}`))}
    />
  );
}

export const emailOf = (operators: PushOperator[], id: string | null) =>
  operators.find((o) => o.user_id === id)?.email ?? id ?? '';

/** Who sent it, who approved it, or which owners may. */
export function People({ send, operators }: { send: PushSend; operators: PushOperator[] }) {
  const translate = useTranslate();
  const approvers = operators.filter((o) => o.role === 'owner' && o.user_id !== send.created_by);
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">
        {translate(key('sent_by'), { email: emailOf(operators, send.created_by) })}
      </Typography>
      {send.approved_by && (
        <Typography variant="body2">
          {translate(key('approved_by'), { email: emailOf(operators, send.approved_by) })}
        </Typography>
      )}
      {send.status === 'waiting_for_approval' && (
        <Typography variant="body2" color="warning.main">
          {approvers.length
            ? translate(key('may_approve'), { emails: approvers.map((o) => o.email).join(', ') })
            : translate(key('no_approver'))}
        </Typography>
      )}
    </Stack>
  );
}

export function Counters({ send }: { send: PushSend }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" data-testid={`send-counters-${send.id}`}>
      {translate(key('counters'), {
        queued: send.queued,
        sent: send.sent,
        failed: send.failed,
        removed: send.removed,
      })}
      {send.skipped > 0 && ` · ${translate(key('skipped'), { skipped: send.skipped })}`}
    </Typography>
  );
}

/** The buttons a send offers the signed-in operator; the database refuses anything else anyway. */
export function SendActions({
  send,
  me,
  role,
  onOpen,
}: {
  send: PushSend;
  me: string | undefined;
  role: unknown;
  onOpen?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const act = async (work: () => Promise<PushSend>, done: string, args?: Record<string, string>) => {
    try {
      await work();
      notify(done, { type: 'success', messageArgs: args });
    } catch (error) {
      notify(key('action_failed'), { type: 'error', messageArgs: { error: (error as Error).message } });
    }
  };
  const status = (next: SendStatusChange) =>
    act(() => dataProvider.setPushSendStatus(send.id, next), key('status_changed'), {
      status: translate(key(`statuses.${next}`)),
    });
  const notStarted = send.status === 'waiting_for_approval' || send.status === 'scheduled';
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {send.status === 'waiting_for_approval' && role === 'owner' && me !== send.created_by && (
        <Button
          size="small"
          variant="contained"
          onClick={() => act(() => dataProvider.approvePushSend(send.id), key('approved'))}
        >
          {translate(key('approve'))}
        </Button>
      )}
      {send.status === 'sending' && (
        <Button size="small" onClick={() => status('paused')}>
          {translate(key('pause'))}
        </Button>
      )}
      {send.status === 'paused' && (
        <Button size="small" onClick={() => status('sending')}>
          {translate(key('resume'))}
        </Button>
      )}
      {notStarted && (
        <Button size="small" color="error" onClick={() => status('cancelled')}>
          {translate(key('cancel'))}
        </Button>
      )}
      {onOpen && (
        <Button size="small" onClick={onOpen}>
          {translate(key('details'))}
        </Button>
      )}
    </Stack>
  );
}

import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { pushMessageSchema, toSendArgs, type PushMessageValues } from '../domain/pushAudience';
import { usePhone } from '../layout/phone';
import { Counters, People, SendActions, StatusChip } from './SendParts';
import type { PushDelivery, PushOperator, PushSend } from './pushMethods';
import { useAdminDataProvider } from './useAdminDataProvider';

const key = (name: string) => `labellens.notifications.sends.${name}`;
const audienceKey = (name: string) => `labellens.notifications.audience.${name}`;

function Field({
  control,
  name,
  label,
}: {
  control: Control<PushMessageValues>;
  name: keyof PushMessageValues;
  label: string;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ control, name });
  if (name === 'urgent')
    return (
      <FormControlLabel
        control={<Checkbox checked={field.value as boolean} onChange={(_, on) => field.onChange(on)} />}
        label={translate(audienceKey(label))}
      />
    );
  return (
    <TextField
      {...field}
      value={field.value as string}
      label={translate(audienceKey(label))}
      type={name === 'sendAt' ? 'datetime-local' : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
      error={fieldState.invalid}
      helperText={
        fieldState.error?.message ? translate(audienceKey(`issues.${fieldState.error.message}`)) : undefined
      }
      fullWidth
    />
  );
}

/** Changes a send's texts, time or urgency until it starts (push_send_change asks again for approval where needed). */
function ChangeForm({ send }: { send: PushSend }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const { control, handleSubmit, formState } = useForm<PushMessageValues>({
    resolver: zodResolver(pushMessageSchema),
    mode: 'onChange',
    defaultValues: {
      titleEn: send.title_en,
      bodyEn: send.body_en,
      titleHi: send.title_hi ?? '',
      bodyHi: send.body_hi ?? '',
      sendAt: send.send_at_local?.slice(0, 16) ?? '',
      urgent: send.urgent,
    },
  });
  const save = handleSubmit(async (valid) => {
    try {
      await dataProvider.changePushSend(send.id, toSendArgs(valid));
      notify(key('changed'), { type: 'success' });
    } catch (error) {
      notify(key('action_failed'), { type: 'error', messageArgs: { error: (error as Error).message } });
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={save} spacing={2} aria-label={translate(key('change'))}>
      <Field control={control} name="titleEn" label="title_en" />
      <Field control={control} name="bodyEn" label="body_en" />
      <Field control={control} name="titleHi" label="title_hi" />
      <Field control={control} name="bodyHi" label="body_hi" />
      <Field control={control} name="sendAt" label="send_at" />
      <Field control={control} name="urgent" label="urgent" />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isValid || !formState.isDirty || formState.isSubmitting}
        >
          {translate(key('save'))}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The devices whose push failed, was refused as a stale token, or was held by the daily cap. */
function FailureLog({ send }: { send: PushSend }) {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const [rows, setRows] = useState<PushDelivery[] | null>(null);
  const outcomes = send.failed + send.removed + send.skipped;
  useEffect(() => {
    let current = true;
    dataProvider
      .pushFailures(send.id)
      .then((found) => current && setRows(found))
      .catch(() => current && setRows([]));
    return () => {
      current = false;
    };
  }, [dataProvider, send.id, outcomes]);
  return (
    <Stack spacing={1} component="section" aria-label={translate(key('failures'))}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(key('failures'))}
      </Typography>
      {rows && rows.length === 0 && (
        <Typography color="text.secondary">{translate(key('failures_none'))}</Typography>
      )}
      {rows && rows.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(key('failure_device'))}</TableCell>
              <TableCell>{translate(key('failure_status'))}</TableCell>
              <TableCell>{translate(key('failure_error'))}</TableCell>
              <TableCell>{translate(key('failure_at'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.device_id}>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                  {row.device_id.slice(0, 8)}
                </TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.error}</TableCell>
                <TableCell>{new Date(row.updated_at).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** ?tab=sends&send=<id>: one send, its live counters, its change form until it starts, its failure log. */
export function PushSendDialog({
  send,
  operators,
  me,
  role,
  onClose,
}: {
  send: PushSend;
  operators: PushOperator[];
  me: string | undefined;
  role: unknown;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const phone = usePhone();
  const notStarted = send.status === 'waiting_for_approval' || send.status === 'scheduled';
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="push-send-title"
    >
      <DialogTitle id="push-send-title">{send.title_en}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StatusChip status={send.status} />
            <Counters send={send} />
          </Stack>
          <People send={send} operators={operators} />
          <SendActions send={send} me={me} role={role} />
          {notStarted && <ChangeForm key={send.id} send={send} />}
          <FailureLog send={send} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(key('close'))}</Button>
      </DialogActions>
    </Dialog>
  );
}

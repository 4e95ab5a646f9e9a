import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { NOTIFICATION_LIMITS } from '../domain/notification';
import {
  composeSchema,
  EMPTY_COMPOSE,
  isComposeComplete,
  toDraft,
  type ComposeValues,
} from '../domain/notificationForm';
import { CountedTextField } from './CountedTextField';
import { DeliveryInfo } from './DeliveryInfo';
import type { Recipient } from './notificationMethods';
import { NotificationPreview } from './NotificationPreview';
import { DeviceChip, RecipientPicker } from './RecipientPicker';
import { useSendDraft } from './useSendDraft';
import { focusMainHeading, rescueFocus } from '../layout/focusMainHeading';

/** What Compose opens with: blank, or a history row to send again. */
export interface ComposeStart {
  values: ComposeValues;
  recipient: Recipient | null;
}

export const BLANK_COMPOSE: ComposeStart = { values: EMPTY_COMPOSE, recipient: null };

/** The Compose tab: pick a user, write the push, see it previewed, send it. */
export function ComposeForm({ start }: { start: ComposeStart }) {
  const translate = useTranslate();
  const sendDraft = useSendDraft();
  const [recipient, setRecipient] = useState(start.recipient);
  const { control, handleSubmit, reset, formState } = useForm<ComposeValues>({
    resolver: zodResolver(composeSchema),
    mode: 'onChange',
    defaultValues: start.values,
  });
  const userId = useController({ control, name: 'userId' }).field;
  const data = useController({ control, name: 'data' });
  const values = useWatch({ control }) as ComposeValues;
  const busy = formState.isSubmitting;
  // isValid settles after the resolver runs; completeness is known at once (e.g. right after Clear)
  const complete = isComposeComplete(values);

  const clear = () => {
    reset(EMPTY_COMPOSE);
    setRecipient(null);
  };
  const submit = handleSubmit(async (valid) => {
    // The Send button is disabled while sending, which drops focus to the page body: after a send
    // (the form is cleared) focus goes to the page's heading; after a failure, there if it was lost.
    if (await sendDraft(toDraft(valid))) {
      clear();
      focusMainHeading();
    } else rescueFocus();
  });

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}
    >
      <Card
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={translate('labellens.notifications.tabs.compose')}
      >
        <CardContent>
          <Stack spacing={2.5}>
            <RecipientPicker
              value={recipient}
              disabled={busy}
              onBlur={userId.onBlur}
              onChange={(picked) => {
                setRecipient(picked);
                userId.onChange(picked?.id ?? '');
              }}
            />
            {recipient &&
              (recipient.hasDevice ? (
                <Box>
                  <DeviceChip hasDevice />
                </Box>
              ) : (
                <Alert severity="warning">{translate('labellens.notifications.no_device_warning')}</Alert>
              ))}
            <CountedTextField
              control={control}
              name="title"
              label="labellens.notifications.title_label"
              max={NOTIFICATION_LIMITS.titleMax}
            />
            <CountedTextField
              control={control}
              name="body"
              label="labellens.notifications.body_label"
              max={NOTIFICATION_LIMITS.bodyMax}
              rows={NOTIFICATION_LIMITS.bodyRows}
            />
            <TextField
              {...data.field}
              label={translate('labellens.notifications.data_label')}
              multiline
              minRows={3}
              fullWidth
              error={data.fieldState.invalid}
              helperText={
                data.fieldState.error?.message
                  ? translate(`labellens.notifications.issues.${data.fieldState.error.message}`)
                  : translate('labellens.notifications.data_hint')
              }
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            {!complete && (
              <Typography role="status" variant="body2" color="text.secondary">
                {translate('labellens.notifications.issues.incomplete')}
              </Typography>
            )}
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button variant="outlined" onClick={clear} disabled={busy}>
                {translate('labellens.notifications.clear')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                startIcon={<SendIcon />}
                disabled={!formState.isValid || !complete || busy}
              >
                {translate(busy ? 'labellens.notifications.sending' : 'labellens.notifications.send')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Stack spacing={2}>
        <NotificationPreview title={values.title} body={values.body} />
        <DeliveryInfo />
      </Stack>
    </Box>
  );
}

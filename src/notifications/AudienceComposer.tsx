import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import {
  EMPTY_AUDIENCE,
  EMPTY_PUSH_MESSAGE,
  fromDefinition,
  pushMessageSchema,
  toDefinition,
  toSendArgs,
  type AudienceDefinition,
  type AudienceValues,
  type PushMessageValues,
} from '../domain/pushAudience';
import { AudienceFields } from './AudienceFields';
import { NotificationPreview } from './NotificationPreview';
import type { SavedAudience } from './pushMethods';
import { useAdminDataProvider } from './useAdminDataProvider';
import { useAudienceReach, type Reach } from './useAudienceReach';

const key = (name: string) => `labellens.notifications.audience.${name}`;

function ReachLine({ reach, empty }: { reach: Reach; empty: boolean }) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite">
      {empty && <Typography color="text.secondary">{translate(key('everyone'))}</Typography>}
      {reach.state === 'counting' && <Typography>{translate(key('counting'))}</Typography>}
      {reach.state === 'counted' && (
        <Typography variant="h6" component="p" data-testid="audience-count">
          {translate(key('count'), { people: reach.count.people, devices: reach.count.devices })}
        </Typography>
      )}
      {reach.state === 'failed' && (
        <Alert severity="error">{translate(key('count_failed'), { error: reach.error })}</Alert>
      )}
    </Box>
  );
}

function Sample({ reach }: { reach: Reach }) {
  const translate = useTranslate();
  if (reach.state !== 'counted' || !reach.sample) return null;
  return (
    <Box component="section" aria-label={translate(key('sample'))}>
      <Typography variant="subtitle2">{translate(key('sample'))}</Typography>
      {reach.sample.length === 0 ? (
        <Typography color="text.secondary">{translate(key('sample_none'))}</Typography>
      ) : (
        <List dense disablePadding>
          {reach.sample.map((row, i) => (
            <ListItem key={`${row.user_id}-${i}`} disableGutters>
              <ListItemText
                primary={row.email ?? row.user_id}
                secondary={`${translate(key(`locale.${row.locale}`))} · ${translate(key(`platform.${row.platform}`))}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

function MessageField({
  control,
  name,
  rows,
}: {
  control: Control<PushMessageValues>;
  name: 'titleEn' | 'bodyEn' | 'titleHi' | 'bodyHi';
  rows?: number;
}) {
  const translate = useTranslate();
  const label = { titleEn: 'title_en', bodyEn: 'body_en', titleHi: 'title_hi', bodyHi: 'body_hi' }[name];
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...field}
      label={translate(key(label))}
      multiline={!!rows}
      rows={rows}
      fullWidth
      error={fieldState.invalid}
      helperText={
        fieldState.error?.message ? translate(key(`issues.${fieldState.error.message}`)) : undefined
      }
    />
  );
}

/** Saves the audience as built under a name the operator gives (shared with every push operator). */
function SaveAudience({
  definition,
  onSaved,
}: {
  definition: AudienceDefinition | null;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const [name, setName] = useState('');
  const save = async () => {
    if (!definition) return;
    try {
      await dataProvider.saveAudience(name.trim(), definition);
      notify(key('saved_as'), { type: 'success', messageArgs: { name: name.trim() } });
      setName('');
      onSaved();
    } catch (error) {
      notify(key('save_failed'), { type: 'error', messageArgs: { error: (error as Error).message } });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={translate(key('save_name'))}
        value={name}
        onChange={(e) => setName(e.target.value)}
        fullWidth
      />
      <Button startIcon={<SaveIcon />} onClick={save} disabled={!definition || !name.trim()}>
        {translate(key('save'))}
      </Button>
    </Stack>
  );
}

/**
 * The Audience tab: who (conditions and allergies from family profiles, language, platform, sign-up
 * dates, scans, device) with its live count and a sample, saved audiences, and what (English and
 * Hindi, previewed), when (now or a local time) and whether urgent. The database validates, counts,
 * decides whether a second owner must approve and enforces quiet hours and the daily cap.
 */
export function AudienceComposer({ onCreated }: { onCreated: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const { canAccess: maySeePeople } = useCanAccess({ resource: 'users', action: 'list' });
  const audience = useForm<AudienceValues>({ defaultValues: EMPTY_AUDIENCE });
  const message = useForm<PushMessageValues>({
    resolver: zodResolver(pushMessageSchema),
    mode: 'onChange',
    defaultValues: EMPTY_PUSH_MESSAGE,
  });
  const who = useWatch({ control: audience.control }) as AudienceValues;
  const what = useWatch({ control: message.control }) as PushMessageValues;
  const definition = toDefinition(who);
  const reach = useAudienceReach(definition, !!maySeePeople);
  const [saved, setSaved] = useState<SavedAudience[]>([]);
  const [picked, setPicked] = useState<SavedAudience | null>(null);
  const loadSaved = () => {
    dataProvider
      .listAudiences()
      .then(setSaved)
      .catch(() => undefined);
  };
  useEffect(loadSaved, [dataProvider]);
  const when = what.sendAt === '' ? 'now' : 'later';
  const sendAt = useController({ control: message.control, name: 'sendAt' }).field;
  const urgent = useController({ control: message.control, name: 'urgent' }).field;
  const busy = message.formState.isSubmitting;

  const submit = message.handleSubmit(async (valid) => {
    if (!definition) return;
    // The saved audience is named only while its definition is the one being sent.
    const same =
      picked &&
      JSON.stringify(toDefinition(fromDefinition(picked.definition as AudienceDefinition))) ===
        JSON.stringify(definition);
    try {
      const send = await dataProvider.createPushSend(
        definition,
        toSendArgs(valid),
        same ? picked.id : undefined,
      );
      notify(key(send.status === 'waiting_for_approval' ? 'created_waiting' : 'created'), {
        type: 'success',
      });
      message.reset(EMPTY_PUSH_MESSAGE);
      onCreated();
    } catch (error) {
      notify(key('create_failed'), { type: 'error', messageArgs: { error: (error as Error).message } });
    }
  });

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
    >
      <Card component="section" aria-label={translate(key('who'))}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {translate(key('who'))}
            </Typography>
            <Autocomplete
              options={saved}
              value={picked}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={translate(key('saved_none'))}
              onChange={(_, next) => {
                setPicked(next);
                if (next) audience.reset(fromDefinition(next.definition as AudienceDefinition));
              }}
              renderInput={(params) => <TextField {...params} label={translate(key('saved'))} />}
            />
            <AudienceFields control={audience.control} scan={who.scan} />
            {!definition && <Alert severity="warning">{translate(key('days_invalid'))}</Alert>}
            <ReachLine reach={reach} empty={!!definition && Object.keys(definition).length === 0} />
            <Sample reach={reach} />
            <SaveAudience definition={definition} onSaved={loadSaved} />
          </Stack>
        </CardContent>
      </Card>
      <Card component="form" noValidate onSubmit={submit} aria-label={translate(key('what'))}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {translate(key('what'))}
            </Typography>
            <MessageField control={message.control} name="titleEn" />
            <MessageField control={message.control} name="bodyEn" rows={3} />
            <MessageField control={message.control} name="titleHi" />
            <MessageField control={message.control} name="bodyHi" rows={3} />
            <Typography variant="body2" color="text.secondary">
              {translate(key('hindi_hint'))}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <NotificationPreview
                name="preview-en"
                heading={key('preview_en')}
                title={what.titleEn}
                body={what.bodyEn}
              />
              <NotificationPreview
                name="preview-hi"
                heading={key('preview_hi')}
                title={what.titleHi.trim() ? what.titleHi : what.titleEn}
                body={what.bodyHi.trim() ? what.bodyHi : what.bodyEn}
              />
            </Box>
            <RadioGroup
              row
              aria-label={translate(key('when'))}
              value={when}
              onChange={(_, next) => sendAt.onChange(next === 'now' ? '' : tomorrowNine())}
            >
              <FormControlLabel value="now" control={<Radio />} label={translate(key('now'))} />
              <FormControlLabel value="later" control={<Radio />} label={translate(key('later'))} />
            </RadioGroup>
            {when === 'later' && (
              <TextField
                {...sendAt}
                type="datetime-local"
                label={translate(key('send_at'))}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            <FormControlLabel
              control={<Checkbox checked={urgent.value} onChange={(_, on) => urgent.onChange(on)} />}
              label={translate(key('urgent'))}
            />
            {!what.urgent && (
              <Typography variant="body2" color="text.secondary">
                {translate(key('quiet_hint'))}
              </Typography>
            )}
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                startIcon={<SendIcon />}
                disabled={!definition || !message.formState.isValid || busy}
              >
                {translate(key(busy ? 'sending' : when === 'now' ? 'send' : 'schedule'))}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/** The schedule box's first value: tomorrow 09:00, outside quiet hours. */
function tomorrowNine(): string {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T09:00`;
}

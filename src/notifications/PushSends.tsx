import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useGetIdentity, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { usePhone } from '../layout/phone';
import type { PushOperator, PushSend } from './pushMethods';
import { Counters, People, SendActions, StatusChip } from './SendParts';
import { PushSendDialog } from './PushSendDialog';
import { useAdminDataProvider } from './useAdminDataProvider';

const key = (name: string) => `labellens.notifications.sends.${name}`;

/** The sends, newest first, each row replaced as Realtime reports it (a refetch when the channel joins). */
function useLiveSends() {
  const dataProvider = useAdminDataProvider();
  const [sends, setSends] = useState<PushSend[] | null>(null);
  const [error, setError] = useState(false);
  const load = useCallback(() => {
    dataProvider
      .listPushSends()
      .then((rows) => {
        setSends(rows);
        setError(false);
      })
      .catch(() => setError(true));
  }, [dataProvider]);
  useEffect(() => {
    load();
    // Realtime sends only what commits after the join: read again once joined.
    let stop: (() => void) | undefined;
    let current = true;
    void dataProvider
      .watchPushSends(
        (row) =>
          setSends((previous) => {
            const rows = previous ?? [];
            return rows.some((r) => r.id === row.id)
              ? rows.map((r) => (r.id === row.id ? row : r))
              : [row, ...rows];
          }),
        load,
      )
      .then((unsubscribe) => (current ? (stop = unsubscribe) : unsubscribe()));
    return () => {
      current = false;
      stop?.();
    };
  }, [dataProvider, load]);
  return { sends, error, load };
}

/** Owners set when a second owner must approve, and how many pushes a person gets a day. */
function SendingRules() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const [threshold, setThreshold] = useState('');
  const [cap, setCap] = useState('');
  useEffect(() => {
    dataProvider
      .pushSettings()
      .then((s) => {
        setThreshold(String(s.approval_threshold));
        setCap(String(s.daily_cap));
      })
      .catch(() => undefined);
  }, [dataProvider]);
  const save = async () => {
    try {
      await dataProvider.updatePushSettings({
        approval_threshold: Number(threshold),
        daily_cap: Number(cap),
      });
      notify(key('settings_saved'), { type: 'success' });
    } catch (error) {
      notify(key('action_failed'), { type: 'error', messageArgs: { error: (error as Error).message } });
    }
  };
  return (
    <Card component="section" aria-label={translate(key('settings'))}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate(key('settings'))}
          </Typography>
          <TextField
            size="small"
            type="number"
            label={translate(key('threshold'))}
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
          />
          <TextField
            size="small"
            type="number"
            label={translate(key('daily_cap'))}
            value={cap}
            onChange={(e) => setCap(e.target.value)}
          />
          <Button onClick={save}>{translate(key('settings_save'))}</Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The Audience sends tab: every send with its status, reach, live delivery counters and people,
 * and the actions the operator's role allows; ?send=<id> opens its dialog (changes, failure log).
 */
export function PushSends() {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const { permissions: role } = usePermissions();
  const isPhone = usePhone();
  const { sends, error, load } = useLiveSends();
  const [operators, setOperators] = useState<PushOperator[]>([]);
  const me = useGetIdentity().identity?.id as string | undefined;
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    dataProvider
      .pushOperators()
      .then(setOperators)
      .catch(() => undefined);
  }, [dataProvider]);
  const openId = params.get('send');
  const open = (id: string | null) => setParams(id ? { tab: 'sends', send: id } : { tab: 'sends' });

  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={load}>
            {translate(key('retry'))}
          </Button>
        }
      >
        {translate(key('load_error'))}
      </Alert>
    );
  const opened = sends?.find((s) => s.id === openId);
  return (
    <Stack spacing={2}>
      {role === 'owner' && <SendingRules />}
      {sends && sends.length === 0 && (
        <Typography color="text.secondary">{translate(key('empty'))}</Typography>
      )}
      {sends?.map((send) => (
        <Card key={send.id} component="article" aria-label={send.title_en} data-testid="push-send">
          <CardContent>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: isPhone ? '1fr' : '2fr 1fr 2fr' }}>
              <Stack spacing={0.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusChip status={send.status} />
                  {send.urgent && (
                    <Chip size="small" color="error" variant="outlined" label={translate(key('urgent'))} />
                  )}
                </Stack>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{send.title_en}</Typography>
                {send.title_hi && (
                  <Typography lang="hi" sx={{ overflowWrap: 'anywhere' }}>
                    {send.title_hi}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {send.send_at_local
                    ? translate(key('when_at'), { time: send.send_at_local.slice(0, 16).replace('T', ' ') })
                    : translate(key('when_now'))}
                </Typography>
              </Stack>
              <Stack spacing={0.5}>
                <Typography variant="body2">
                  {translate(key('reach'), { people: send.people, devices: send.devices })}
                </Typography>
                <Counters send={send} />
              </Stack>
              <Stack spacing={1}>
                <People send={send} operators={operators} />
                <SendActions send={send} me={me} role={role} onOpen={() => open(send.id)} />
              </Stack>
            </Box>
          </CardContent>
        </Card>
      ))}
      {opened && (
        <PushSendDialog send={opened} operators={operators} me={me} role={role} onClose={() => open(null)} />
      )}
    </Stack>
  );
}

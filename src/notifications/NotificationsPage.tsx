import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { dataToText } from '../domain/notificationForm';
import { BLANK_COMPOSE, ComposeForm, type ComposeStart } from './ComposeForm';
import type { HistoryRow } from './data';
import { AudienceComposer } from './AudienceComposer';
import { NotificationHistory } from './NotificationHistory';
import { PushSends } from './PushSends';
import { useAdminDataProvider } from './useAdminDataProvider';

const TABS = ['compose', 'audience', 'sends', 'history'] as const;
type TabName = (typeof TABS)[number];

/**
 * /admin/notifications: Compose (one user), Audience (the audience composer), Audience sends and
 * History tabs; the tab lives in the URL (?tab=history), as does an open send (?tab=sends&send=<id>).
 */
export default function NotificationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabName = TABS.find((name) => name === asked) ?? 'compose';
  const [start, setStart] = useState<{ key: number; value: ComposeStart }>({ key: 0, value: BLANK_COMPOSE });

  const showTab = (next: TabName) => setParams(next === 'compose' ? {} : { tab: next });

  // ?to=<user id> (a person's page, the command palette): Compose prefilled with that recipient and
  // their device status; the parameter then leaves the address, so a reload starts blank.
  const to = params.get('to');
  useEffect(() => {
    if (!to) return;
    let current = true;
    dataProvider
      .searchRecipients(to)
      .then((matches) => {
        const recipient = matches.find((match) => match.id === to) ?? null;
        if (!current || !recipient) return;
        const values = { ...BLANK_COMPOSE.values, userId: recipient.id };
        setStart((previous) => ({ key: previous.key + 1, value: { values, recipient } }));
      })
      .catch(() => notify('labellens.notifications.load_users_failed', { type: 'error' }))
      .finally(() => {
        if (current) setParams({}, { replace: true });
      });
    return () => {
      current = false;
    };
  }, [to, dataProvider, notify, setParams]);

  /** Compose, prefilled from a history row, with the recipient's current device status. */
  const sendAgain = async (row: HistoryRow) => {
    let recipient: ComposeStart['recipient'] = null;
    try {
      const matches = await dataProvider.searchRecipients(row.user_id);
      recipient = matches.find((match) => match.id === row.user_id) ?? null;
    } catch {
      notify('labellens.notifications.load_users_failed', { type: 'error' });
    }
    const values = {
      userId: recipient?.id ?? '',
      title: row.title,
      body: row.body,
      data: dataToText(row.data),
    };
    setStart((previous) => ({ key: previous.key + 1, value: { values, recipient } }));
    showTab('compose');
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('labellens.notifications.title')} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {translate('labellens.notifications.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('labellens.notifications.subtitle')}
      </Typography>
      {/* Four tabs are wider than a 360 px phone: they scroll, with arrows on phones too; the
          containment keeps their full width from widening the page (a flex item's minimum). */}
      <Tabs
        value={tab}
        onChange={(_, next: TabName) => showTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 2, contain: 'inline-size' }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`labellens.notifications.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'compose' && <ComposeForm key={start.key} start={start.value} />}
      {tab === 'audience' && <AudienceComposer onCreated={() => showTab('sends')} />}
      {tab === 'sends' && <PushSends />}
      {tab === 'history' && <NotificationHistory onSendAgain={sendAgain} />}
    </Box>
  );
}

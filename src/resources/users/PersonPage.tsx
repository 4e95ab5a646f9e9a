import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  RecordContextProvider,
  Title,
  useBasename,
  useCanAccess,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { composeTo } from '../../routes';
import type { PaletteDataProvider, Person } from '../../providers/paletteMethods';
import { countParams, formatDateTime } from '../../domain/format';
import { ScoreBadge } from '../../list/fields';
import { Picture } from '../../storage/Picture';
import { useSignedUrls } from '../../storage/signedUrls';
import { PersonLink } from '../../list/PersonLink';
import { AccountSections } from './UserShow';

const t = (key: string) => `labellens.person.${key}`;

/** A list filtered to one person (`filter` in the URL, as react-admin keeps it). */
const filtered = (resource: string, filter: Record<string, string>) =>
  `/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/** One section: its heading with the total, its newest rows, and a link to the whole list. */
function Section({
  title,
  total,
  all,
  children,
}: {
  title: string;
  total: number;
  all?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Card variant="outlined" component="section" aria-labelledby={`person-${title}`}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h2" id={`person-${title}`}>
            {translate(t(`sections.${title}`))}{' '}
            <Typography component="span" color="text.secondary">
              ({total})
            </Typography>
          </Typography>
          {all && total > 0 && (
            <MuiLink component={Link} to={`${basename}${all}`}>
              {translate(t('view_all'), countParams(total))}
            </MuiLink>
          )}
        </Stack>
        {total === 0 ? (
          <Typography color="text.secondary" variant="body2">
            {translate(t(`empty.${title}`))}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {children}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** A row of a section: what names it (a link to it, where it has a dialog) and what describes it. */
function Row({
  to,
  primary,
  secondary,
  start,
}: {
  to?: string;
  primary: ReactNode;
  secondary?: ReactNode;
  start?: ReactNode;
}) {
  const basename = useBasename();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      {start}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {to ? (
            <MuiLink component={Link} to={`${basename}${to}`}>
              {primary}
            </MuiLink>
          ) : (
            primary
          )}
        </Typography>
        {secondary && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {secondary}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * The label photos of the scans shown, signed in one request and renewed before they lapse
 * (private objects in scan-images); an external image_url is shown as it is.
 */
function useScanPhotos(person: Person | null | undefined) {
  const paths = (person?.scans?.rows ?? []).flatMap((scan) => (scan.image_path ? [scan.image_path] : []));
  const signed = useSignedUrls('scan-images', paths);
  return (scan: { image_path: string | null; image_url: string | null }) =>
    scan.image_path ? signed(scan.image_path) : scan.image_url;
}

/**
 * /admin/users/<id>: a person's whole story on one page. The account (Basic Information, Account
 * Status, Activity Timeline), then their family profiles, recent scans with label photos, chats,
 * devices, the notifications sent to them, contact messages from their address and audit entries
 * about them, each the newest few with a link to the whole filtered list. Loaded in one request
 * (public.admin_person), plus one that signs the scans' label photos when there are any. Owners and
 * support (the route has the Users screen's access; the database refuses anyone else).
 */
export default function PersonPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const basename = useBasename();
  const dataProvider = useDataProvider<PaletteDataProvider>();
  const { canAccess: canSend } = useCanAccess({ resource: 'notifications', action: 'create' });
  const person = useQuery({ queryKey: ['person', id], queryFn: () => dataProvider.person(id), retry: false });
  const photo = useScanPhotos(person.data);

  if (person.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={translate(t('loading'))} />
      </Box>
    );
  if (person.isError)
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void person.refetch()}>
            {translate('labellens.list.retry')}
          </Button>
        }
      >
        {translate(t('error'))}
      </Alert>
    );
  const data = person.data;
  if (!data)
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {translate('labellens.users.missing')}
      </Alert>
    );

  const { user } = data;
  const name = user.email ?? user.phone ?? user.id;
  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(user.id);
      notify(t('copied'), { type: 'info' });
    } catch {
      notify(t('copy_failed'), { type: 'warning' });
    }
  };
  const mine = { user_id: user.id };

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={name} />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {canSend && (
            <Button
              component={Link}
              to={`${basename}${composeTo(user.id)}`}
              variant="contained"
              startIcon={<SendIcon />}
            >
              {translate(t('send'))}
            </Button>
          )}
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copyId()}>
            {translate(t('copy_id'))}
          </Button>
        </Stack>
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <RecordContextProvider value={user}>
            <AccountSections heading="h2" />
          </RecordContextProvider>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {data.profiles && (
          <Section title="profiles" total={data.profiles.total} all={filtered('profiles', mine)}>
            {data.profiles.rows.map((profile) => (
              <Row
                key={profile.id}
                to={`/profiles/${profile.id}/show`}
                primary={`${profile.name} · ${profile.relationship?.trim() || translate('labellens.palette.self')}`}
                secondary={
                  <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                    {profile.allergies.map((allergy) => (
                      <Chip
                        key={`a-${allergy}`}
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={`${translate(t('allergy'))}: ${allergy}`}
                      />
                    ))}
                    {profile.health_conditions.map((condition) => (
                      <Chip key={`c-${condition}`} size="small" variant="outlined" label={condition} />
                    ))}
                    {!profile.allergies.length &&
                      !profile.health_conditions.length &&
                      translate(t('no_conditions'))}
                  </Stack>
                }
              />
            ))}
          </Section>
        )}
        {data.scans && (
          <Section title="scans" total={data.scans.total} all={filtered('scans', mine)}>
            {data.scans.rows.map((scan) => {
              const scanName =
                scan.name?.trim() ||
                translate('labellens.dashboard.scan_fallback', { id: scan.id.slice(0, 8) });
              return (
                <Row
                  key={scan.id}
                  to={`/scans/${scan.id}/show`}
                  start={
                    <Picture
                      src={photo(scan)}
                      alt={translate('labellens.scans.image_alt', { name: scanName })}
                      width={48}
                      height={48}
                    />
                  }
                  primary={scanName}
                  secondary={
                    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <ScoreBadge score={scan.health_score} missing="labellens.scans.not_available" />
                      <span>{formatDateTime(scan.created_at)}</span>
                    </Stack>
                  }
                />
              );
            })}
          </Section>
        )}
        {data.chats && (
          <Section title="chats" total={data.chats.total} all={filtered('chats', mine)}>
            {data.chats.rows.map((chat) => (
              <Row
                key={chat.id}
                to={`/chats/${chat.id}/show`}
                primary={chat.title?.trim() || translate(t('untitled_chat'))}
                secondary={`${translate(t('messages'), countParams(chat.message_count))} · ${formatDateTime(chat.created_at)}`}
              />
            ))}
          </Section>
        )}
        <Section title="devices" total={data.devices.total}>
          {data.devices.rows.map((device) => (
            <Row
              key={device.id}
              primary={translate(t(`platforms.${device.platform}`))}
              secondary={translate(t('device_seen'), { date: formatDateTime(device.updated_at) })}
            />
          ))}
        </Section>
        {data.notifications && (
          <Section title="notifications" total={data.notifications.total} all="/notifications?tab=history">
            {data.notifications.rows.map((sent) => (
              <Row
                key={sent.id}
                primary={sent.title}
                secondary={[
                  translate(`labellens.person.sent_status.${sent.status}`),
                  formatDateTime(sent.created_at),
                  sent.sender_email && translate(t('sent_by'), { email: sent.sender_email }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            ))}
          </Section>
        )}
        {data.contact_messages && (
          <Section
            title="contact_messages"
            total={data.contact_messages.total}
            all={user.email ? filtered('contact-messages', { q: user.email }) : undefined}
          >
            {data.contact_messages.rows.map((message) => (
              <Row
                key={message.id}
                to={`/contact-messages/${message.id}/show`}
                primary={message.subject.trim() || translate(t('no_subject'))}
                secondary={`${translate(`resources.contact-messages.status.${message.status}`)} · ${formatDateTime(message.created_at)}`}
              />
            ))}
          </Section>
        )}
        {data.audit && (
          <Section title="audit" total={data.audit.total} all={filtered('audit-log', { q: user.id })}>
            {data.audit.rows.map((entry) => (
              <Row
                key={entry.id}
                primary={`${entry.action} · ${entry.resource}`}
                secondary={
                  <>
                    {formatDateTime(entry.occurred_at)}
                    {' · '}
                    {entry.actor_id ? (
                      <PersonLink userId={entry.actor_id}>{entry.actor_email ?? entry.actor_id}</PersonLink>
                    ) : (
                      (entry.actor_email ?? translate(t('system')))
                    )}
                  </>
                }
              />
            ))}
          </Section>
        )}
      </Box>
    </Stack>
  );
}

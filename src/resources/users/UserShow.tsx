import { Button, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { RecordDialog } from '../../list';
import { DetailCell as Cell, DetailsGrid, RecordIdField } from '../../list/fields';
import type { AdminUser } from './data';
import { personPath } from '../../routes';
import { UserDateField, UserPhoneField, UserProviderField, UserStatusField } from './UserFields';

const field = (name: string) => `labellens.users.fields.${name}`;

type Heading = 'h2' | 'h3';

function Section({ title, heading, children }: { title: string; heading: Heading; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <section aria-label={translate(title)}>
      <Typography variant="subtitle1" component={heading} sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      <DetailsGrid>{children}</DetailsGrid>
    </section>
  );
}

/** The account's Basic Information, Account Status and Activity Timeline (the dialog and the person's page). */
export function AccountSections({ heading = 'h3' }: { heading?: Heading }) {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <Section title="labellens.users.sections.basic" heading={heading}>
        <Cell label={field('email')}>{user.email ?? translate('labellens.users.not_provided')}</Cell>
        <Cell label={field('phone')}>
          <UserPhoneField empty="labellens.users.not_provided" />
        </Cell>
        <Cell label={field('id')}>
          <RecordIdField />
        </Cell>
        <Cell label={field('role')}>{user.role ?? 'authenticated'}</Cell>
        <Cell label={field('provider')}>
          <UserProviderField />
        </Cell>
      </Section>
      <Divider />
      <Section title="labellens.users.sections.status" heading={heading}>
        <Cell label={field('status')}>
          <UserStatusField />
        </Cell>
        <Cell label={field('aud')}>{user.aud ?? '—'}</Cell>
        {user.banned_until && (
          <Cell label={field('banned_until')}>
            <UserDateField source="banned_until" />
          </Cell>
        )}
      </Section>
      <Divider />
      <Section title="labellens.users.sections.timeline" heading={heading}>
        <Cell label={field('created_at')}>
          <UserDateField source="created_at" />
        </Cell>
        <Cell label={field('updated_at')}>
          <UserDateField source="updated_at" />
        </Cell>
        <Cell label={field('last_sign_in_at')}>
          <UserDateField source="last_sign_in_at" />
        </Cell>
      </Section>
    </Stack>
  );
}

/** Links to the user's scans, profiles and chats: each list filtered on user_id. */
function RelatedRecords({ userId }: { userId: string }) {
  const translate = useTranslate();
  const basename = useBasename();
  const filtered = (resource: string) =>
    `${basename}/${resource}?${new URLSearchParams({ filter: JSON.stringify({ user_id: userId }) })}`;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button component={Link} to={`${basename}${personPath(userId)}`} variant="contained" size="small">
        {translate('labellens.person.open')}
      </Button>
      {(['scans', 'profiles', 'chats'] as const).map((resource) => (
        <Button key={resource} component={Link} to={filtered(resource)} variant="outlined" size="small">
          {translate(`labellens.users.related.${resource}`)}
        </Button>
      ))}
    </Stack>
  );
}

/** The details and a way to the person's page, where their profiles, scans, chats and the rest are. */
function UserDetails() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <AccountSections />
      <Divider />
      <RelatedRecords userId={user.id} />
    </Stack>
  );
}

/** The user's details dialog, at /admin/users/:id/show. */
export function UserShow({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <RecordDialog<AdminUser>
      resource="users"
      id={id}
      onClose={onClose}
      title={(user) => user.email ?? user.id}
      missingMessage="labellens.users.missing"
    >
      <UserDetails />
    </RecordDialog>
  );
}

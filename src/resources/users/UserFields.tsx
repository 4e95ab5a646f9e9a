import VerifiedIcon from '@mui/icons-material/Verified';
import { Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { idPrefix, shownProvider, userStatus } from '../../domain/adminRecords';
import type { AdminUser } from './data';

const STATUS_COLOURS = { banned: 'error', verified: 'success', unverified: 'warning' } as const;

/** Email and the first 8 characters of the id. */
export function UserIdentityField() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return (
    <div>
      <Typography variant="body2">{user.email ?? '—'}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {idPrefix(user.id)}
      </Typography>
    </div>
  );
}

/** Banned, Verified or Unverified. */
export function UserStatusField() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  const status = userStatus(user);
  return (
    <Chip size="small" color={STATUS_COLOURS[status]} label={translate(`labellens.users.status.${status}`)} />
  );
}

/** The sign-in provider: an OAuth provider's name marked OAuth, or Email. */
export function UserProviderField() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  const provider = shownProvider(user.provider);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <span>{translate(`labellens.users.provider.${provider}`)}</span>
      {provider !== 'email' && (
        <Chip size="small" variant="outlined" label={translate('labellens.users.provider.oauth')} />
      )}
    </Stack>
  );
}

/** The phone with a verified mark when confirmed, or `empty` (No phone in the list, Not provided in details). */
export function UserPhoneField({ empty = 'labellens.users.no_phone' }: { empty?: string }) {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  if (!user.phone)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(empty)}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <span>{user.phone}</span>
      {user.phone_confirmed_at && (
        <VerifiedIcon
          color="success"
          fontSize="small"
          titleAccess={translate('labellens.users.phone_verified')}
        />
      )}
    </Stack>
  );
}

/** A date and time, or Unknown. */
export function UserDateField({
  source,
}: {
  source: 'created_at' | 'updated_at' | 'last_sign_in_at' | 'banned_until';
}) {
  return <DateTimeField source={source} showTime emptyText="labellens.users.unknown" />;
}

export const FirstActivityField = () => <UserDateField source="created_at" />;
export const LastActivityField = () => <UserDateField source="last_sign_in_at" />;

import { Autocomplete, Chip, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Recipient } from './notificationMethods';
import { useAdminDataProvider } from './useAdminDataProvider';
import { useDebouncedValue } from './useDebouncedValue';

/** Wait this long after the last key before asking the server. */
export const RECIPIENT_SEARCH_DELAY_MS = 300;

const recipientLabel = (recipient: Recipient) => recipient.email ?? recipient.phone ?? recipient.id;

export function DeviceChip({ hasDevice }: { hasDevice: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={hasDevice ? 'success' : 'warning'}
      label={translate(
        hasDevice ? 'labellens.notifications.has_device' : 'labellens.notifications.no_device',
      )}
    />
  );
}

/** The Compose tab's user picker: a server-side search of the auth users as the admin types. */
export function RecipientPicker({
  value,
  onChange,
  onBlur,
  disabled,
}: {
  value: Recipient | null;
  onChange: (recipient: Recipient | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), RECIPIENT_SEARCH_DELAY_MS);
  const matches = useQuery({
    queryKey: ['notifications', 'recipients', search],
    queryFn: () => dataProvider.searchRecipients(search),
    placeholderData: keepPreviousData,
    retry: false,
  });

  return (
    <Autocomplete<Recipient>
      value={value}
      onChange={(_, recipient) => onChange(recipient)}
      onBlur={onBlur}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      options={matches.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={recipientLabel}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      loading={matches.isFetching}
      loadingText={translate('labellens.notifications.recipient_searching')}
      noOptionsText={translate('labellens.notifications.recipient_none')}
      disabled={disabled}
      renderOption={({ key, ...props }, recipient) => (
        <li key={key} {...props}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
            <Stack sx={{ minWidth: 0, flex: 1 }}>
              <Typography noWrap>
                {recipient.email ?? translate('labellens.notifications.recipient_no_email')}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {[recipient.phone, recipient.id].filter(Boolean).join(' · ')}
              </Typography>
            </Stack>
            <DeviceChip hasDevice={recipient.hasDevice} />
          </Stack>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('labellens.notifications.recipient')}
          placeholder={translate('labellens.notifications.recipient_placeholder')}
          error={matches.isError}
          helperText={matches.isError ? translate('labellens.notifications.load_users_failed') : undefined}
        />
      )}
    />
  );
}

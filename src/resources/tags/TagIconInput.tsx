import LabelIcon from '@mui/icons-material/Label';
import { Box, Stack, Tooltip } from '@mui/material';
import { createElement } from 'react';
import { useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import { tagIcon } from './tagIcons';

/** The icon name, with a preview of the icon beside it. */
export function TagIconInput() {
  const translate = useTranslate();
  const name: unknown = useWatch({ name: 'icon' });
  const color: unknown = useWatch({ name: 'color' });
  const Icon = tagIcon(name);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextInput source="icon" sx={{ flex: 1 }} helperText={Icon ? false : 'resources.tags.icon_unknown'} />
      <Tooltip title={translate('resources.tags.icon_preview')}>
        <Box
          role="img"
          aria-label={translate('resources.tags.icon_preview')}
          data-icon={Icon ? String(name).trim().toLowerCase() : 'none'}
          sx={{
            mt: 1,
            width: 40,
            height: 40,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            color: typeof color === 'string' ? color : undefined,
          }}
        >
          {Icon ? createElement(Icon) : <LabelIcon color="disabled" />}
        </Box>
      </Tooltip>
    </Stack>
  );
}

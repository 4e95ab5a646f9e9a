import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import { HEX_COLOR_PATTERN, TAG_COLOR_PRESETS } from '../../domain/tags';

/** The 8 preset swatches, and a hex input with a live preview of the colour typed. */
export function TagColorInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const color: unknown = useWatch({ name: 'color' });
  const valid = typeof color === 'string' && HEX_COLOR_PATTERN.test(color.trim());
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" id="tag-color-presets">
        {translate('resources.tags.presets')}
      </Typography>
      <Stack direction="row" spacing={1} role="group" aria-labelledby="tag-color-presets" sx={{ my: 1 }}>
        {TAG_COLOR_PRESETS.map((preset) => (
          <Tooltip key={preset} title={preset}>
            <Box
              component="button"
              type="button"
              aria-label={translate('resources.tags.preset', { color: preset })}
              aria-pressed={color === preset}
              onClick={() => setValue('color', preset, { shouldDirty: true, shouldValidate: true })}
              sx={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: preset,
                cursor: 'pointer',
                border: 2,
                borderColor: color === preset ? 'text.primary' : 'transparent',
                outlineOffset: 2,
              }}
            />
          </Tooltip>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextInput source="color" sx={{ flex: 1 }} />
        <Box
          role="img"
          aria-label={translate('resources.tags.color_preview')}
          sx={{
            mt: 1,
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: valid ? (color as string).trim() : 'transparent',
            backgroundImage: valid
              ? 'none'
              : 'repeating-linear-gradient(45deg, #ccc 0 4px, transparent 4px 8px)',
          }}
        />
      </Stack>
    </Box>
  );
}

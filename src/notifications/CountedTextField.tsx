import { Box, TextField } from '@mui/material';
import { useController, type Control } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { charCount } from '../domain/notification';
import type { ComposeValues } from '../domain/notificationForm';

/** A text field of the Compose form with its live counter (characters as the database counts them). */
export function CountedTextField({
  control,
  name,
  label,
  max,
  rows,
}: {
  control: Control<ComposeValues>;
  name: 'title' | 'body';
  label: string;
  max: number;
  rows?: number;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ control, name });
  const count = charCount(field.value);
  return (
    <TextField
      {...field}
      label={translate(label)}
      multiline={rows !== undefined}
      rows={rows}
      fullWidth
      error={fieldState.invalid}
      slotProps={{ formHelperText: { component: 'div' } }}
      helperText={
        <Box component="span" sx={{ display: 'flex', gap: 2 }}>
          <Box component="span" sx={{ flex: 1 }}>
            {fieldState.error?.message &&
              translate(`labellens.notifications.issues.${fieldState.error.message}`)}
          </Box>
          <Box component="span" data-testid={`${name}-counter`} aria-live="polite">
            {translate('labellens.notifications.counter', { count, max })}
          </Box>
        </Box>
      }
    />
  );
}

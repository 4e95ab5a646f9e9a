import { FormHelperText } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { graphemeCount } from '../domain/graphemes';

/**
 * A live "n / max characters" line under a text field, counting what will be saved (trimmed) in
 * characters as read (src/domain/graphemes.ts), as the limits are counted.
 */
export function CharacterCounter({ source, max }: { source: string; max: number }) {
  const translate = useTranslate();
  const value: unknown = useWatch({ name: source });
  const count = typeof value === 'string' ? graphemeCount(value.trim()) : 0;
  return (
    <FormHelperText error={count > max} sx={{ textAlign: 'right', mt: -1, mb: 1 }} aria-live="polite">
      {translate('labellens.forms.characters', { count, max })}
    </FormHelperText>
  );
}

import { TextField } from '@mui/material';
import { TOTP_CODE_LENGTH } from '../domain/mfa';
import { lookup as t } from '../i18n/lookup';

/**
 * The 6-digit code input: a numeric keypad on phones, the browser's one-time-code autofill, and
 * room for a pasted "123 456" (spaces and dashes are dropped when checking).
 */
export function CodeField({
  value,
  onChange,
  error,
  disabled,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Marks the field invalid; the message itself is shown above the form. */
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      name="code"
      label={t('labellens.security.code_label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={t('labellens.security.code_help')}
      disabled={disabled}
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          // A pasted code may carry a space or dash: room for both.
          maxLength: TOTP_CODE_LENGTH + 2,
        },
      }}
    />
  );
}

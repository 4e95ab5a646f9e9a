import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A record's status as a small badge: its catalogue label, a colour, and filled when the status
 * asks for attention (a new message, an active tag) or outlined otherwise. The one badge of the
 * lists' status columns (tags, the contact inbox).
 */
export function StatusBadge({
  label,
  color = 'default',
  filled,
}: {
  /** Catalogue key of the status's name. */
  label: string;
  color?: 'default' | 'primary' | 'secondary' | 'success';
  filled: boolean;
}) {
  const translate = useTranslate();
  return <Chip size="small" label={translate(label)} color={color} variant={filled ? 'filled' : 'outlined'} />;
}

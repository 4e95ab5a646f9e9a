import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ContactStatus } from './statuses';

const COLORS: Record<ContactStatus, 'primary' | 'default' | 'secondary'> = {
  new: 'primary',
  read: 'default',
  archived: 'secondary',
};

export function StatusChip({ status }: { status: ContactStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`resources.contact-messages.status.${status}`)}
      color={COLORS[status] ?? 'default'}
      variant={status === 'new' ? 'filled' : 'outlined'}
    />
  );
}

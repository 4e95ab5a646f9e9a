import { StatusBadge } from '../../list/StatusBadge';
import type { ContactStatus } from './statuses';

const COLORS: Record<ContactStatus, 'primary' | 'default' | 'secondary'> = {
  new: 'primary',
  read: 'default',
  archived: 'secondary',
};

export function StatusChip({ status }: { status: ContactStatus }) {
  return (
    <StatusBadge
      label={`resources.contact-messages.status.${status}`}
      color={COLORS[status] ?? 'default'}
      filled={status === 'new'}
    />
  );
}

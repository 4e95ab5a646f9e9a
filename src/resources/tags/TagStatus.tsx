import { Stack, Switch } from '@mui/material';
import { useCanAccess, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { useRefusedNotice } from '../../editing/useRefusedNotice';
import { StatusBadge } from '../../list/StatusBadge';
import { useResourceToast } from '../../editing/useResourceToast';

/**
 * The Status column: a switch that changes only is_active (for a role that may edit tags), and the
 * Active/Inactive badge.
 */
export function TagStatus() {
  const record = useRecordContext();
  const translate = useTranslate();
  const toast = useResourceToast('tags');
  const refusedNotice = useRefusedNotice();
  const [update, { isPending }] = useUpdate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'tags', action: 'edit' });
  if (!record) return null;
  const active = Boolean(record.is_active);

  // previousData names the version the switch was shown from (src/providers/versionedUpdates.ts).
  const toggle = () =>
    update(
      'tags',
      { id: record.id, data: { is_active: !active }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => toast(active ? 'deactivated' : 'activated'),
        onError: (error: unknown) => {
          if (!refusedNotice(error)) toast('status_failed', { error });
        },
      },
    );

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {canEdit && (
        <Switch
          checked={active}
          disabled={isPending}
          onChange={toggle}
          onClick={(event) => event.stopPropagation()}
          slotProps={{
            input: { 'aria-label': translate('resources.tags.toggle_status', { label: record.label }) },
          }}
          size="small"
        />
      )}
      <StatusBadge
        label={active ? 'resources.tags.active' : 'resources.tags.inactive'}
        color={active ? 'success' : 'default'}
        filled={active}
      />
    </Stack>
  );
}

import ActivateIcon from '@mui/icons-material/ToggleOn';
import DeactivateIcon from '@mui/icons-material/ToggleOff';
import { Button, useListContext, useUpdateMany } from 'react-admin';
import { useResourceToast } from '../../editing/useResourceToast';

/** Activate or deactivate every selected tag in one request. */
export function BulkStatusButtons() {
  const { selectedIds, onUnselectItems } = useListContext();
  const [updateMany, { isPending }] = useUpdateMany();
  const toast = useResourceToast('tags');
  // Nothing to change while nothing is selected (the toolbar is hidden then, too).
  const disabled = isPending || selectedIds.length === 0;

  const setActive = (isActive: boolean) =>
    updateMany(
      'tags',
      { ids: selectedIds, data: { is_active: isActive } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast(isActive ? 'bulk_activated' : 'bulk_deactivated', { count: selectedIds.length });
          onUnselectItems();
        },
        onError: (error: unknown) => toast('status_failed', { error }),
      },
    );

  return (
    <>
      <Button label="resources.tags.activate" onClick={() => setActive(true)} disabled={disabled}>
        <ActivateIcon />
      </Button>
      <Button label="resources.tags.deactivate" onClick={() => setActive(false)} disabled={disabled}>
        <DeactivateIcon />
      </Button>
    </>
  );
}

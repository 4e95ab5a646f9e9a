import ActivateIcon from '@mui/icons-material/ToggleOn';
import DeactivateIcon from '@mui/icons-material/ToggleOff';
import { useQueryClient } from '@tanstack/react-query';
import { Button, useListContext, useUpdateMany, type Identifier, type RaRecord } from 'react-admin';
import { useRefusedNotice } from '../../editing/useRefusedNotice';
import { useResourceToast } from '../../editing/useResourceToast';

/**
 * The version each selected row was shown at: the page's rows, then the pages read before (a
 * selection outlives its page). The database refuses the rows changed since (and any not found
 * here), src/providers/versionedUpdates.ts.
 */
function useShownVersions() {
  const { data } = useListContext();
  const queryClient = useQueryClient();
  return (ids: Identifier[]) => {
    const seen = new Map<string, unknown>();
    for (const [, page] of queryClient.getQueriesData<{ data?: RaRecord[] }>({
      queryKey: ['tags', 'getList'],
    }))
      for (const row of page?.data ?? []) seen.set(String(row.id), row.updated_at);
    for (const row of data ?? []) seen.set(String(row.id), row.updated_at);
    return Object.fromEntries(ids.map((id) => [String(id), seen.get(String(id))]));
  };
}

/** Activate or deactivate every selected tag in one request. */
export function BulkStatusButtons() {
  const { selectedIds, onUnselectItems } = useListContext();
  const [updateMany, { isPending }] = useUpdateMany();
  const toast = useResourceToast('tags');
  const refusedNotice = useRefusedNotice();
  const shownVersions = useShownVersions();
  // Nothing to change while nothing is selected (the toolbar is hidden then, too).
  const disabled = isPending || selectedIds.length === 0;

  const setActive = (isActive: boolean) =>
    updateMany(
      'tags',
      { ids: selectedIds, data: { is_active: isActive }, meta: { versions: shownVersions(selectedIds) } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast(isActive ? 'bulk_activated' : 'bulk_deactivated', { count: selectedIds.length });
          onUnselectItems();
        },
        onError: (error: unknown) => {
          if (!refusedNotice(error)) toast('status_failed', { error });
        },
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

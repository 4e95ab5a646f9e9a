import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { TrashDataProvider } from '../providers/trashMethods';
import { rescueFocus } from '../layout/focusMainHeading';
import { notifyRefused } from '../editing/notifyRefused';

/** Restore and Delete forever of entries, with their toasts; the list reads the trash again after. */
function useTrashSteps(onDone?: () => void) {
  const provider = useDataProvider<TrashDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const run = async (step: () => Promise<void>, failure: string) => {
    setPending(true);
    try {
      await step();
    } catch (error) {
      console.error(error);
      notify(failure, { type: 'error' });
    } finally {
      setPending(false);
      refresh();
      onDone?.();
    }
  };
  return {
    pending,
    restore: (ids: readonly Identifier[]) =>
      run(async () => {
        const { restored, refused, id_taken } = await provider.restoreFromTrash(ids.map(String));
        if (restored.length)
          notify('labellens.trash.restored', {
            type: 'success',
            messageArgs: { smart_count: restored.length },
          });
        if (refused.length) notifyRefused(notify, refused.length, id_taken.length);
      }, 'labellens.trash.restore_failed'),
    deleteForever: (ids: readonly Identifier[]) =>
      run(async () => {
        const { deleted } = await provider.deleteForever(ids.map(String));
        notify('labellens.trash.deleted_forever', { type: 'success', messageArgs: { smart_count: deleted } });
      }, 'labellens.trash.delete_forever_failed'),
  };
}

/** Who may do what here: restoring is for the roles that may delete the record (the database
 * shows each role only those entries), deleting forever for owners. */
export function useTrashAccess() {
  const { canAccess: canRestore = false } = useCanAccess({ resource: 'trash', action: 'restore' });
  const { canAccess: canDeleteForever = false } = useCanAccess({ resource: 'trash', action: 'delete' });
  return { canRestore, canDeleteForever };
}

/**
 * Restore and Delete forever of `ids`, as the operator's role allows, Delete forever after a
 * confirmation with their number; labelled at every width (react-admin's Button turns into a bare
 * icon on phones), side by side.
 */
function TrashButtons({ ids, onDone }: { ids: readonly Identifier[]; onDone?: () => void }) {
  const translate = useTranslate();
  const { canRestore, canDeleteForever } = useTrashAccess();
  const [confirming, setConfirming] = useState(false);
  const steps = useTrashSteps(() => {
    setConfirming(false);
    onDone?.();
  });
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {canRestore && (
        <Button
          size="small"
          startIcon={<RestoreIcon />}
          disabled={steps.pending}
          onClick={() => void steps.restore(ids)}
        >
          {translate('labellens.trash.restore')}
        </Button>
      )}
      {canDeleteForever && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteForeverIcon />}
          disabled={steps.pending}
          onClick={() => setConfirming(true)}
        >
          {translate('labellens.trash.delete_forever')}
        </Button>
      )}
      <Confirm
        isOpen={confirming}
        loading={steps.pending}
        title="labellens.trash.delete_forever_title"
        content="labellens.trash.delete_forever_content"
        translateOptions={{ smart_count: ids.length }}
        confirm="labellens.trash.delete_forever"
        confirmColor="warning"
        onConfirm={() => void steps.deleteForever(ids)}
        onClose={() => setConfirming(false)}
        // The row (or the bulk toolbar) that held the button is gone after: focus goes to the heading.
        TransitionProps={{ onExited: rescueFocus }}
      />
    </Stack>
  );
}

/** A row's Restore and Delete forever. */
export function TrashRowActions() {
  const record = useRecordContext();
  return record ? <TrashButtons ids={[record.id]} /> : null;
}

/** The selected entries' Restore and Delete forever. */
export function TrashBulkActions() {
  const { selectedIds, onUnselectItems } = useListContext();
  return <TrashButtons ids={selectedIds} onDone={onUnselectItems} />;
}

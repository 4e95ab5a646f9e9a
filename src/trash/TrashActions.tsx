import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Button as MuiButton, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Button,
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
        const { restored, refused } = await provider.restoreFromTrash(ids.map(String));
        if (restored.length)
          notify('labellens.trash.restored', {
            type: 'success',
            messageArgs: { smart_count: restored.length },
          });
        if (refused.length)
          notify('labellens.trash.refused', { type: 'error', messageArgs: { smart_count: refused.length } });
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

/** The Delete forever confirmation, with the number of entries. */
function ConfirmDeleteForever(props: {
  open: boolean;
  count: number;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Confirm
      isOpen={props.open}
      loading={props.loading}
      title="labellens.trash.delete_forever_title"
      content="labellens.trash.delete_forever_content"
      translateOptions={{ smart_count: props.count }}
      confirm="labellens.trash.delete_forever"
      confirmColor="warning"
      onConfirm={props.onConfirm}
      onClose={props.onClose}
      // The row (or the bulk toolbar) that held the button is gone after: focus goes to the heading.
      TransitionProps={{ onExited: rescueFocus }}
    />
  );
}

/**
 * A row's Restore and Delete forever buttons, as the operator's role allows: labelled at every
 * width (react-admin's Button turns into a bare icon on phones), side by side.
 */
export function TrashRowActions() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canRestore, canDeleteForever } = useTrashAccess();
  const [confirming, setConfirming] = useState(false);
  const steps = useTrashSteps(() => setConfirming(false));
  if (!record) return null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {canRestore && (
        <MuiButton
          size="small"
          startIcon={<RestoreIcon />}
          disabled={steps.pending}
          onClick={() => void steps.restore([record.id])}
        >
          {translate('labellens.trash.restore')}
        </MuiButton>
      )}
      {canDeleteForever && (
        <MuiButton
          size="small"
          color="error"
          startIcon={<DeleteForeverIcon />}
          disabled={steps.pending}
          onClick={() => setConfirming(true)}
        >
          {translate('labellens.trash.delete_forever')}
        </MuiButton>
      )}
      <ConfirmDeleteForever
        open={confirming}
        count={1}
        loading={steps.pending}
        onConfirm={() => void steps.deleteForever([record.id])}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** The selected entries' Restore and Delete forever buttons. */
export function TrashBulkActions() {
  const { selectedIds, onUnselectItems } = useListContext();
  const { canRestore, canDeleteForever } = useTrashAccess();
  const [confirming, setConfirming] = useState(false);
  const steps = useTrashSteps(() => {
    setConfirming(false);
    onUnselectItems();
  });
  return (
    <>
      {canRestore && (
        <Button
          label="labellens.trash.restore"
          disabled={steps.pending}
          onClick={() => void steps.restore(selectedIds)}
        >
          <RestoreIcon />
        </Button>
      )}
      {canDeleteForever && (
        <Button
          label="labellens.trash.delete_forever"
          color="error"
          disabled={steps.pending}
          onClick={() => setConfirming(true)}
        >
          <DeleteForeverIcon />
        </Button>
      )}
      <ConfirmDeleteForever
        open={confirming}
        count={selectedIds.length}
        loading={steps.pending}
        onConfirm={() => void steps.deleteForever(selectedIds)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

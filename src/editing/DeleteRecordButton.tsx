import {
  DeleteWithConfirmButton,
  useCanAccess,
  useRecordContext,
  useResourceContext,
  useUnselect,
} from 'react-admin';
import { useResourceToast } from './useResourceToast';
import { useUndoDelete } from './useUndoDelete';

/**
 * Deletes the current record after asking `resources.<resource>.message.delete_content`, then
 * shows the resource's own success or failure toast (with Undo for a resource with a trash). The
 * list stays where it is. Shown only to an
 * operator whose role may delete the record (react-admin's canAccess, as its own DeleteButton does).
 */
export function DeleteRecordButton() {
  const resource = useResourceContext();
  const record = useRecordContext();
  const unselect = useUnselect(resource);
  const toast = useResourceToast();
  const undoOf = useUndoDelete(resource);
  const { canAccess } = useCanAccess({ resource, action: 'delete', record });
  if (!canAccess) return null;
  return (
    <DeleteWithConfirmButton
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{
        // The toast comes from onSettled: react-admin runs a pessimistic delete's call-time
        // onSuccess only while this button is mounted, and the row that holds it leaves the table
        // when the list is read again before the answer (a search typed just before; in the demo,
        // whose write is answered once IndexedDB holds it, often). onSettled and onError always run.
        // This onSuccess stands in for react-admin's own toast and redirect.
        onSuccess: () => undefined,
        onSettled: (_data, error) => {
          if (error || !record) return;
          unselect([record.id]);
          toast('deleted', { undo: undoOf?.([record.id]) });
        },
        onError: (error: unknown) => toast('delete_failed', { error }),
      }}
    />
  );
}

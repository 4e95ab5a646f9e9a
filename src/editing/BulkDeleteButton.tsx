import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useDeleteMany,
  useListContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { resourceText } from '../i18n/resourceText';
import { rescueFocus } from '../layout/focusMainHeading';
import { useResourceToast } from './useResourceToast';
import { useUndoDelete } from './useUndoDelete';

/**
 * Deletes the selected rows after asking with their number
 * (`resources.<resource>.message.bulk_delete_content`), with the resource's own toasts (with Undo
 * for a resource with a trash).
 */
export function BulkDeleteButton() {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const [deleteMany, { isPending }] = useDeleteMany();
  const toast = useResourceToast();
  const undoOf = useUndoDelete(resource);
  const [confirming, setConfirming] = useState(false);
  const count = selectedIds.length;

  const handleConfirm = () =>
    deleteMany(
      resource,
      { ids: selectedIds },
      {
        // Not onSuccess, which react-admin runs only while this button is mounted: the toolbar
        // that holds it goes when the list, read again before the answer, has no rows left
        // (DeleteRecordButton). onSettled and onError always run.
        onSettled: (_data, error) => {
          setConfirming(false);
          if (error) return;
          toast('bulk_deleted', { count, undo: undoOf?.([...selectedIds]) });
          onUnselectItems();
        },
        onError: (error: unknown) => toast('delete_failed', { error }),
      },
    );

  return (
    <>
      <Button
        label="ra.action.delete"
        color="error"
        onClick={() => setConfirming(true)}
        // Nothing to delete while nothing is selected (the toolbar is hidden then, too).
        disabled={count === 0}
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="labellens.forms.bulk_delete_title"
        content={resourceText(translate, resource, 'message.bulk_delete_content', { smart_count: count })}
        translateOptions={{ smart_count: count }}
        onConfirm={handleConfirm}
        onClose={() => setConfirming(false)}
        // After a delete the toolbar that held the button hides itself: focus goes to the heading.
        TransitionProps={{ onExited: rescueFocus }}
      />
    </>
  );
}

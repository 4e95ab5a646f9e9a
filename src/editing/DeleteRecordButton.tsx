import { DeleteWithConfirmButton, useRecordContext, useResourceContext, useUnselect } from 'react-admin';
import { useResourceToast } from './useResourceToast';

/**
 * Deletes the current record after asking `resources.<resource>.message.delete_content`, then
 * shows the resource's own success or failure toast. The list stays where it is.
 */
export function DeleteRecordButton() {
  const resource = useResourceContext();
  const record = useRecordContext();
  const unselect = useUnselect(resource);
  const toast = useResourceToast();
  return (
    <DeleteWithConfirmButton
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          if (record) unselect([record.id]);
          toast('deleted');
        },
        onError: (error: unknown) => toast('delete_failed', { error }),
      }}
    />
  );
}

import { useCallback, useContext } from 'react';
import { DataProviderContext, useDataProvider, useNotify, useRefresh, type Identifier } from 'react-admin';
import { notifyRefused } from './notifyRefused';
import type { TrashDataProvider, TrashMethods } from '../providers/trashMethods';

/**
 * For a resource with a trash (its descriptor says `trash`): a function that makes the Undo of a
 * delete of `ids`, which brings them back from the trash and shows them again. Undefined for a
 * resource without one, whose delete toast then offers no Undo.
 */
export function useUndoDelete(
  resource: string | undefined,
): ((ids: readonly Identifier[]) => () => void) | undefined {
  const provider = useDataProvider<TrashDataProvider>();
  // The provider itself for the plain (not promised) question: useDataProvider's wraps every
  // method as a request.
  const plain = useContext(DataProviderContext) as Partial<TrashMethods> | null;
  const refresh = useRefresh();
  const notify = useNotify();
  const undoOf = useCallback(
    (ids: readonly Identifier[]) => () =>
      void provider.undoDelete(resource ?? '', ids.map(String)).then(
        ({ restored, refused, id_taken }) => {
          refresh();
          if (refused.length) notifyRefused(notify, refused.length, id_taken.length);
          else
            notify('labellens.trash.restored', {
              type: 'success',
              messageArgs: { smart_count: restored.length },
            });
        },
        (error: unknown) => {
          console.error(error);
          notify('labellens.trash.restore_failed', { type: 'error' });
        },
      ),
    [notify, provider, refresh, resource],
  );
  // hasTrash is absent in tests that render a list over a plain provider.
  return resource && plain?.hasTrash?.(resource) ? undoOf : undefined;
}

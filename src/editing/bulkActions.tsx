import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { BulkDeleteButton } from './BulkDeleteButton';

/**
 * A list's bulk actions, kept to what the operator's role may do (react-admin's canAccess): the
 * resource's own `edits` for a role that may edit, Delete for one that may delete, and `false`
 * (no checkboxes at all) when nothing is left, as DataTable does for its default Delete.
 */
export function useBulkActions(resource: string, edits?: ReactNode): ReactNode | false {
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  if (!canDelete && !(canEdit && edits)) return false;
  return (
    <>
      {canEdit && edits}
      {canDelete && <BulkDeleteButton />}
    </>
  );
}

/**
 * Whether a list shows its Actions column of Edit and Delete: not to a role that may do neither
 * (support on content), which would see an empty column.
 */
export function useRowActionsShown(resource: string): boolean {
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return Boolean(canEdit || canDelete);
}

import type { ComponentType } from 'react';
import { useRouteDialog } from './useRouteDialog';

type Close = { onClose: () => void };

/** The dialog the URL opens over a resource's list (create, edit or show), or nothing. */
export function RouteDialogs({
  create: Create,
  edit: Edit,
  show: Show,
}: {
  create?: ComponentType<Close>;
  edit?: ComponentType<Close & { id: string }>;
  show?: ComponentType<Close & { id: string }>;
}) {
  const { creating, editId, showId, close } = useRouteDialog();
  if (creating && Create) return <Create onClose={close} />;
  if (editId && Edit) return <Edit id={editId} onClose={close} />;
  if (showId && Show) return <Show id={showId} onClose={close} />;
  return null;
}

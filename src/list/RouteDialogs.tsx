import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton } from '@mui/material';
import { createContext, useContext, useState, type ComponentType } from 'react';
import {
  useBasename,
  useCanAccess,
  useCreatePath,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { Link, useLocation, useMatch, useNavigate } from 'react-router-dom';

/**
 * Navigation state of a link that opens a dialog from its list (eye, Edit, Add), so closing the
 * dialog goes Back instead of forward. The one definition; every opener passes it.
 */
export const OPENED_FROM_LIST = { openedFromList: true } as const;

type OpenedFromList = Partial<typeof OPENED_FROM_LIST>;

/**
 * Which dialog the URL opens over the current resource's list, as react-admin's CRM example does
 * (dialogs decided by the route): `/<resource>/create`, `/<resource>/:id` (edit) or
 * `/<resource>/:id/show` (details). The list route matches them all, so a dialog can be linked,
 * reloaded, and closed with Back. `close` goes Back when the dialog was opened from the list, else
 * to the list with its query (page, filters) kept.
 */
export function useRouteDialog() {
  const resource = useResourceContext() ?? '';
  const basename = useBasename();
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useMatch(`${basename}/${resource}/:id/show`);
  const creating = useMatch(`${basename}/${resource}/create`) !== null;
  const edited = useMatch(`${basename}/${resource}/:id`);
  const close = () => {
    if ((location.state as OpenedFromList | null)?.openedFromList) navigate(-1);
    else navigate({ pathname: `${basename}/${resource}`, search: location.search }, { replace: true });
  };
  return { creating, editId: creating ? undefined : edited?.params.id, showId: shown?.params.id, close };
}

type Close = { onClose: () => void };

/** A list's dialogs, each opened by its route (see useRouteDialog). */
export interface RouteDialogsProps {
  create?: ComponentType<Close>;
  edit?: ComponentType<Close & { id: string }>;
  show?: ComponentType<Close & { id: string }>;
}

/** Whether the route still names the dialog, and what to call once its exit transition ended. */
interface DialogTransition {
  open: boolean;
  onExited?: () => void;
}

const DialogTransitionContext = createContext<DialogTransition>({ open: true });

/** For the dialogs' MUI Dialog: `open`, and `TransitionProps.onExited` (RecordDialog, FormDialog). */
export const useDialogTransition = () => useContext(DialogTransitionContext);

type Opened = { kind: 'create' } | { kind: 'edit' | 'show'; id: string };
const same = (a: Opened | undefined, b: Opened | undefined) =>
  a?.kind === b?.kind && (a && 'id' in a ? a.id : undefined) === (b && 'id' in b ? b.id : undefined);

/**
 * The dialog the URL opens over a resource's list (create, edit or show), or nothing. A dialog the
 * route no longer names stays mounted, closed, until its exit transition ends, so the list behind
 * it becomes reachable again as MUI intends. A role that may not create or edit (react-admin's
 * canAccess) gets no form: an edit link opens the record's details instead, where it has some.
 */
export function RouteDialogs({ create: Create, edit: Edit, show: Show }: RouteDialogsProps) {
  const resource = useResourceContext() ?? '';
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canEdit, isPending } = useCanAccess({ resource, action: 'edit' });
  const { creating, editId, showId, close } = useRouteDialog();
  // Until the role is known an edit link opens nothing, rather than the details for a moment.
  const detailsId = showId ?? (canEdit || isPending ? undefined : editId);
  const current: Opened | undefined =
    creating && Create && canCreate
      ? { kind: 'create' }
      : editId && Edit && canEdit
        ? { kind: 'edit', id: editId }
        : detailsId && Show
          ? { kind: 'show', id: detailsId }
          : undefined;
  const [shown, setShown] = useState<Opened | undefined>(current);
  // Derived state, set while rendering as React allows: the dialog to show follows the route.
  if (current && !same(current, shown)) setShown(current);
  const opened = current ?? shown;
  if (!opened) return null;
  const transition: DialogTransition = {
    open: current !== undefined,
    onExited: () => setShown((last) => (same(last, opened) && !current ? undefined : last)),
  };
  return (
    <DialogTransitionContext.Provider value={transition}>
      {opened.kind === 'create' && Create ? (
        <Create onClose={close} />
      ) : opened.kind === 'edit' && Edit ? (
        <Edit id={opened.id} onClose={close} />
      ) : opened.kind === 'show' && Show ? (
        <Show id={opened.id} onClose={close} />
      ) : null}
    </DialogTransitionContext.Provider>
  );
}

/**
 * The eye button of a row: opens the row's dialog at `/<resource>/:id/show`, keeping the list's
 * query (page, filters) so Back and Close return to the same page.
 */
export function ShowDialogButton({ label = 'ra.action.show' }: { label?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  const location = useLocation();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <IconButton
      component={Link}
      to={{ pathname: createPath({ resource, id: record.id, type: 'show' }), search: location.search }}
      state={OPENED_FROM_LIST}
      aria-label={translate(label)}
      title={translate(label)}
      size="small"
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    >
      <VisibilityIcon fontSize="small" />
    </IconButton>
  );
}

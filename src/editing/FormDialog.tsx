import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useFormState } from 'react-hook-form';
import { Confirm, CreateBase, EditBase, Form, SaveButton, useTranslate, type Identifier } from 'react-admin';
import type { z } from 'zod';
import { FORM_IN_DIALOG_SX, usePhone } from '../layout/phone';
import { useDialogTransition } from '../list/RouteDialogs';
import { refusalOf, type VersionRefusal } from '../providers/versionedUpdates';
import { EditConflictScope, EditNotices, GuardedSaveButton } from './EditConflict';
import { useResourceToast } from './useResourceToast';

export interface FormDialogProps {
  /** Create a record, or edit the record with this id. */
  id?: Identifier;
  /** Catalogue key of the dialog's heading. */
  title: string;
  /** The form's rules: its messages show under each field, its output is what is saved. */
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  /** A new record's initial values; when editing, the values a record lacks (e.g. its blank translations). */
  defaultValues?: Record<string, unknown>;
  onClose: () => void;
  /** The dialog's width on a wider screen: `md` for fields side by side (two languages). */
  maxWidth?: 'sm' | 'md';
  children: ReactNode;
}

/**
 * A create or edit form in a dialog (react-admin's CreateBase/EditBase in an MUI Dialog). A save
 * shows the resource's toast, closes the dialog and lets react-admin reload the list. A failed save
 * keeps the dialog open with everything typed and shows the failure toast. Closing with unsaved
 * changes asks first. On a phone it fills the screen; the title stays at the top and Cancel and
 * Save at the bottom while the fields scroll between them.
 */
export function FormDialog({
  id,
  title,
  schema,
  defaultValues,
  onClose,
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  const translate = useTranslate();
  const fullScreen = usePhone();
  const { open, onExited } = useDialogTransition();
  const toast = useResourceToast();
  const titleId = useId();
  const dirty = useRef(false);
  // What an edit last sent to be saved: EditConflictScope tells this dialog's own save by it.
  const written = useRef<Record<string, unknown> | null>(null);
  // A save the database refused (changed or deleted since) goes to the conflict scope, not a toast.
  const refusedRef = useRef<((refusal: VersionRefusal) => void) | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const editing = id !== undefined;

  const requestClose = () => (dirty.current ? setConfirmingDiscard(true) : onClose());
  const mutationOptions = {
    onSuccess: () => {
      toast(editing ? 'updated' : 'created');
      onClose();
    },
    onError: (error: unknown) => {
      const refusal = refusalOf(error);
      if (editing && refusal && refusal.reason !== 'not_allowed' && refusedRef.current)
        return refusedRef.current(refusal);
      toast(editing ? 'update_failed' : 'create_failed', { error });
    },
  };
  const createForm = (
    <Form resolver={zodResolver(schema)} defaultValues={defaultValues}>
      <DirtyProbe dirtyRef={dirty} />
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={requestClose}>{translate('ra.action.cancel')}</Button>
        <SaveButton alwaysEnable />
      </DialogActions>
    </Form>
  );
  // Editing: who else has it open, a warning when someone saves or deletes it meanwhile, and a
  // save that asks before writing over a newer version (src/editing/EditConflict.tsx).
  const editForm = editing && (
    <Form resolver={zodResolver(schema)} defaultValues={defaultValues}>
      <DirtyProbe dirtyRef={dirty} />
      <EditConflictScope id={id} written={written} refusedRef={refusedRef}>
        <DialogContent dividers>
          <EditNotices id={id} />
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose}>{translate('ra.action.cancel')}</Button>
          <GuardedSaveButton />
        </DialogActions>
      </EditConflictScope>
    </Form>
  );

  return (
    <Dialog
      open={open}
      onClose={requestClose}
      slotProps={{ transition: { onExited } }}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={fullScreen}
      maxWidth={maxWidth}
      sx={FORM_IN_DIALOG_SX}
    >
      <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
      {editing ? (
        <EditBase
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={mutationOptions}
          transform={(data: Record<string, unknown>) => (written.current = data)}
          loading={<LinearProgress sx={{ m: 3 }} />}
        >
          {editForm}
        </EditBase>
      ) : (
        <CreateBase redirect={false} mutationOptions={mutationOptions}>
          {createForm}
        </CreateBase>
      )}
      <Confirm
        isOpen={confirmingDiscard}
        title="labellens.forms.discard_title"
        content="labellens.forms.discard_content"
        confirm="labellens.forms.discard"
        cancel="labellens.forms.keep_editing"
        onConfirm={onClose}
        onClose={() => setConfirmingDiscard(false)}
      />
    </Dialog>
  );
}

/** Keeps the dialog informed of unsaved changes (the form lives below it). */
function DirtyProbe({ dirtyRef }: { dirtyRef: RefObject<boolean> }) {
  const { isDirty } = useFormState();
  useEffect(() => {
    dirtyRef.current = isDirty;
  }, [dirtyRef, isDirty]);
  return null;
}

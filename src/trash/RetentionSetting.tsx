import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { TrashDataProvider } from '../providers/trashMethods';
import { TRASH_RETENTION_DAYS } from '../domain/limits';

const RETENTION_KEY = ['trash', 'retention-days'];

/** The number of days an entry waits before the purge, or null for a field that is not one. */
export function retentionDays(text: string): number | null {
  const days = Number(text);
  return /^\d+$/.test(text.trim()) && days >= TRASH_RETENTION_DAYS.min && days <= TRASH_RETENTION_DAYS.max
    ? days
    : null;
}

/**
 * "Deleted items stay here for 30 days, then are deleted forever." Owners change the period here
 * (admin_settings.trash_retention_days, beside the audit retention); the purge reads it daily.
 */
export function RetentionSetting() {
  const translate = useTranslate();
  const provider = useDataProvider<TrashDataProvider>();
  const { canAccess: isOwner = false } = useCanAccess({ resource: 'trash', action: 'delete' });
  const { data: days } = useQuery({ queryKey: RETENTION_KEY, queryFn: () => provider.trashRetentionDays() });
  const [editing, setEditing] = useState<string | null>(null);
  if (days == null) return null;
  return (
    <>
      {translate('labellens.trash.retention', { smart_count: days })}
      {isOwner && (
        <Button size="small" sx={{ ml: 1 }} onClick={() => setEditing(String(days))}>
          {translate('labellens.trash.change_retention')}
        </Button>
      )}
      {editing !== null && <RetentionDialog initial={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function RetentionDialog({ initial, onClose }: { initial: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const provider = useDataProvider<TrashDataProvider>();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const [touched, setTouched] = useState(false);
  const days = retentionDays(text);
  const save = useMutation({
    mutationFn: (value: number) => provider.setTrashRetentionDays(value),
    onSuccess: (saved) => {
      queryClient.setQueryData(RETENTION_KEY, saved);
      notify('labellens.trash.retention_saved', { type: 'success', messageArgs: { smart_count: saved } });
      onClose();
    },
    onError: (error) => {
      console.error(error);
      // The dialog stays open with what was typed.
      notify('labellens.trash.retention_failed', { type: 'error' });
    },
  });
  const problem =
    touched && days === null ? translate('labellens.trash.retention_range', TRASH_RETENTION_DAYS) : '';
  return (
    <Dialog open onClose={onClose} aria-labelledby="trash-retention-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (days !== null) save.mutate(days);
        }}
      >
        <DialogTitle id="trash-retention-title">{translate('labellens.trash.retention_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            margin="dense"
            label={translate('labellens.trash.retention_days')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
            error={!!problem}
            helperText={problem || ' '}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                min: TRASH_RETENTION_DAYS.min,
                max: TRASH_RETENTION_DAYS.max,
              },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

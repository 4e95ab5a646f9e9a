import { Alert, Button, Chip, Stack } from '@mui/material';
import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Confirm,
  DataProviderContext,
  EditContext,
  SaveButton,
  useSaveContext,
  useDataProvider,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type DataProvider,
  type Identifier,
} from 'react-admin';
import type { AuditEntry } from '../domain/audit';
import { formatTime } from '../domain/format';
import type { VersionRefusal } from '../providers/versionedUpdates';
import type { PresentOperator } from '../realtime/openBy';
import type { RealtimeMethods } from '../realtime/realtimeMethods';
import { useSubscribe } from '../realtime/useLive';

/** Someone else saved or deleted the record while this dialog had it open. */
export interface Conflict {
  kind: 'updated' | 'deleted';
  /** When; for `updated` their version (updated_at), which "Save mine" is then written against. */
  at: string;
  /** Their email, from the audit trail (null while it loads or when it has none). */
  by: string | null;
}

/**
 * Watches the record an edit dialog has open (topic `resource/{name}/{id}`): when someone else
 * saves a version newer than the one the dialog loaded (its `updated_at`, kept by the database), or
 * deletes it, the conflict is reported with who and when (from the audit trail). The same conflict
 * comes from the save itself when the database refuses it (src/providers/versionedUpdates.ts), so
 * it does not depend on the websocket: an event that never arrives still ends in the question.
 */
function useEditConflict(id: Identifier, writtenRef: RefObject<Record<string, unknown> | null>) {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<{ updated_at?: string }>();
  const provider = useContext(DataProviderContext) as (DataProvider & RealtimeMethods) | null;
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // "Keep my text": the banner goes, the conflict stays for the save to ask about.
  const [kept, setKept] = useState(false);
  const [overwriteAllowed, setOverwriteAllowed] = useState(false);
  // The "overwrite their version?" question, opened by Save or by a refused save.
  const [asking, setAsking] = useState(false);
  // The version the operator started from (react-admin refreshes the record below the form). Not
  // the copy react-admin shows while it reads the record again: an edit's cached getOne is not
  // updated by a save (useUpdate keys it with the save's meta, the version), so a dialog reopened
  // after a save first shows the version before it, and taking that would refuse the next write.
  const fetching = useContext(EditContext)?.isFetching ?? false;
  const baseline = useRef<string | undefined>(undefined);
  // The channel joined before the dialog's own read ended: the version is read again after it.
  const recheckDue = useRef(false);

  const whoDid = async (kind: Conflict['kind'], at: string) => {
    setConflict({ kind, at, by: null });
    setKept(false);
    setOverwriteAllowed(false);
    const table = provider?.liveTableOf(resource);
    if (!provider) return;
    // The provider itself, not useDataProvider's: a failed lookup only leaves "Someone", it must
    // not go through react-admin's checkError (which signs out on a 401).
    const { data } = await provider
      .getList<AuditEntry>('audit-log', {
        filter: { resource: table, record_id: String(id) },
        sort: { field: 'occurred_at', order: 'DESC' },
        pagination: { page: 1, perPage: 1 },
      })
      .catch(() => ({ data: [] as AuditEntry[] }));
    setConflict((current) => current && { ...current, by: data[0]?.actor_email ?? null });
  };

  /** A version of the record seen since the dialog loaded it: ours, the same, or a conflict. */
  const seen = (current: Record<string, unknown>) => {
    const updatedAt = current.updated_at;
    if (writtenRef.current && carries(current, writtenRef.current)) {
      // Our own save (it closes the dialog once answered): its version is the one we start from.
      if (typeof updatedAt === 'string') baseline.current = updatedAt;
      return;
    }
    if (
      typeof updatedAt === 'string' &&
      updatedAt !== baseline.current &&
      !sameInstant(updatedAt, baseline.current)
    )
      void whoDid('updated', updatedAt);
  };

  useSubscribe(record?.updated_at !== undefined ? [`resource/${resource}/${id}`] : [], (event) => {
    if (event.type === 'deleted') void whoDid('deleted', event.date.toISOString());
    if (event.type === 'updated' && event.payload.record) seen(event.payload.record);
    if (event.type === 'joined' || event.type === 'resync') {
      if (baseline.current === undefined) recheckDue.current = true;
      else recheck();
    }
  });

  /**
   * Realtime sends only what commits once the channel is joined: a save between the dialog's read
   * and its join (or while the channel was down) is found by reading the version again. The
   * provider itself, as in whoDid: a failed read leaves the conflict to the save's refusal. Only a
   * version newer than the dialog's counts: a newer one may have reached it before this answer.
   */
  function recheck() {
    recheckDue.current = false;
    void provider?.getOne<{ id: Identifier; updated_at?: string }>(resource, { id }).then(
      ({ data }) => {
        if (data.updated_at && Date.parse(data.updated_at) > Date.parse(baseline.current ?? '')) seen(data);
      },
      () => undefined,
    );
  }

  const baselineKnown = useEffectEvent(() => {
    if (recheckDue.current) recheck();
  });
  useEffect(() => {
    if (fetching) return;
    baseline.current ??= record?.updated_at;
    if (baseline.current !== undefined) baselineKnown();
  }, [record?.updated_at, fetching]);

  /** Records the conflict a refused write found (who and when); answers its kind. */
  const noted = (refusal: VersionRefusal): Conflict['kind'] | null => {
    const current = refusal.refused[0]?.current?.updated_at;
    if (refusal.reason === 'deleted') {
      void whoDid('deleted', new Date().toISOString());
      return 'deleted';
    }
    if (refusal.reason === 'conflict' && typeof current === 'string') {
      void whoDid('updated', current);
      return 'updated';
    }
    return null;
  };

  return {
    conflict,
    kept,
    overwriteAllowed,
    asking,
    setAsking,
    /** The version a save names: the one the operator started from, or theirs once "Save mine" was chosen. */
    version: () => (overwriteAllowed && conflict?.kind === 'updated' ? conflict.at : baseline.current),
    /** The database refused the save: the record changed since (ask) or is gone (say so). */
    refused(refusal: VersionRefusal) {
      if (noted(refusal) === 'updated') setAsking(true);
    },
    /** The database refused another write (a restore): the conflict is shown, its writer asks. */
    noted,
    /** The operator took the newer version: it becomes the baseline. */
    accept(updatedAt: string | undefined) {
      baseline.current = updatedAt;
      setConflict(null);
    },
    keep: () => setKept(true),
    allowOverwrite: () => setOverwriteAllowed(true),
    /** A write this dialog makes besides Save (restoring a version): its values, before it is sent. */
    expectOwnWrite(values: Record<string, unknown>) {
      writtenRef.current = values;
    },
  };
}

const ConflictContext = createContext<ReturnType<typeof useEditConflict> | null>(null);

/**
 * Around an edit dialog's form content and actions (src/editing/FormDialog.tsx): who else has the
 * record open, a warning when someone saves or deletes it meanwhile, and a save that asks before
 * writing over a newer version.
 */
export function EditConflictScope({
  id,
  written,
  refusedRef,
  children,
}: {
  id: Identifier;
  /** Filled with the handler of a save the database refused (the dialog's onError calls it). */
  refusedRef: RefObject<((refusal: VersionRefusal) => void) | null>;
  /**
   * What this dialog last sent to be saved (the edit's `transform` records it). This dialog's own
   * save changes updated_at too: its event is told from someone else's by carrying these values,
   * never by when it comes, so another operator's save at the same moment, or after a save of ours
   * that failed, is always shown.
   */
  written: RefObject<Record<string, unknown> | null>;
  children: ReactNode;
}) {
  const scope = useEditConflict(id, written);
  useEffect(() => {
    refusedRef.current = scope.refused;
  });
  return <ConflictContext.Provider value={scope}>{children}</ConflictContext.Provider>;
}

/** Above the fields: the operators who also have it open, and the conflict warning. */
export function EditNotices({ id }: { id: Identifier }) {
  const scope = useContext(ConflictContext);
  const reload = useReloadRecord(id);
  return (
    <>
      <OthersEditing id={id} />
      {scope?.conflict && !scope.kept && (
        <ConflictBanner
          conflict={scope.conflict}
          onReload={() => void reload().then((latest) => scope.accept(latest.updated_at))}
          onKeep={scope.keep}
        />
      )}
    </>
  );
}

/**
 * Save, naming the version it was made from (the database refuses it when the record changed
 * since), and asking first when someone saved a newer version since the dialog opened.
 */
export function GuardedSaveButton() {
  const scope = useContext(ConflictContext);
  const { handleSubmit } = useFormContext();
  const { save } = useSaveContext();
  const conflict = scope?.conflict;
  const submit = (version: string | undefined) =>
    void handleSubmit((values) => save?.(values, { meta: { version } }))();
  return (
    <>
      <SaveButton
        alwaysEnable
        onClick={(event) => {
          // The save is ours to send: react-admin's would not name the version.
          event.preventDefault();
          if (conflict?.kind === 'updated' && !scope?.overwriteAllowed) scope?.setAsking(true);
          else submit(scope?.version());
        }}
      />
      <OverwriteQuestion
        isOpen={scope?.asking ?? false}
        conflict={conflict}
        onOverwrite={() => {
          scope?.setAsking(false);
          scope?.allowOverwrite();
          // Deliberately written against their version, the one the question showed.
          submit(conflict?.at);
        }}
        onClose={() => scope?.setAsking(false)}
      />
    </>
  );
}

/** The question a versioned write refused for a colleague's newer version asks: theirs, or keep editing. */
export function OverwriteQuestion({
  isOpen,
  loading,
  conflict,
  onOverwrite,
  onClose,
}: {
  isOpen: boolean;
  loading?: boolean;
  conflict: { by: string | null; at: string } | null | undefined;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  return (
    <Confirm
      isOpen={isOpen}
      loading={loading}
      title="labellens.live.overwrite_title"
      content="labellens.live.overwrite_content"
      translateOptions={{ who: conflict?.by ?? '', time: conflict ? formatTime(conflict.at) : '' }}
      confirm="labellens.live.overwrite"
      cancel="labellens.forms.keep_editing"
      onConfirm={onOverwrite}
      onClose={onClose}
    />
  );
}

/**
 * Whether a version carries what this dialog wrote: every written value that is plain data (text,
 * number, flag, null) is the record's. A file the data provider turned into a path is left out.
 */
function carries(record: Record<string, unknown>, written: Record<string, unknown>) {
  return Object.entries(written).every(
    ([key, value]) => (value !== null && typeof value === 'object') || record[key] === value,
  );
}

const sameInstant = (a: string, b: string | undefined) => b !== undefined && Date.parse(a) === Date.parse(b);

/** The dialog's warning: who changed or deleted the record and when; Reload or keep my text. */
function ConflictBanner({
  conflict,
  onReload,
  onKeep,
}: {
  conflict: Conflict;
  onReload: () => void;
  onKeep: () => void;
}) {
  const translate = useTranslate();
  const who = conflict.by ?? translate('labellens.live.someone');
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2 }}
      action={
        conflict.kind === 'updated' && (
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" onClick={onReload}>
              {translate('labellens.live.reload')}
            </Button>
            <Button color="inherit" size="small" onClick={onKeep}>
              {translate('labellens.live.keep_mine')}
            </Button>
          </Stack>
        )
      }
    >
      {translate(conflict.kind === 'updated' ? 'labellens.live.changed_by' : 'labellens.live.deleted_by', {
        who,
        time: formatTime(conflict.at),
      })}
    </Alert>
  );
}

/**
 * For a write an edit dialog makes besides Save (History's "Restore this version"): `before` with
 * the values it writes (so its Realtime event is not taken for a colleague's save), `after` with the
 * version it made, which becomes the one the dialog started from; `refused` and `conflict` ask about a
 * refused write as Save does. Null outside an edit dialog.
 */
export function useOwnWrite() {
  const scope = useContext(ConflictContext);
  if (!scope) return null;
  return {
    before: scope.expectOwnWrite,
    after: scope.accept,
    /** The write was refused as stale: the conflict it found, for the writer's own question. */
    refused: scope.noted,
    conflict: scope.conflict,
  };
}

/** Reloads the newest version into the form (what the operator typed is replaced). */
function useReloadRecord(id: Identifier) {
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider();
  const { reset } = useFormContext();
  return async () => {
    const { data } = await dataProvider.getOne(resource, { id });
    reset(data);
    return data as { updated_at?: string };
  };
}

/**
 * "Also open by …": the other operators whose own sessions have this record open in an edit dialog
 * (src/realtime/openBy.ts: named by the database, never by what a client tracks).
 */
function OthersEditing({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const provider = useContext(DataProviderContext) as (DataProvider & RealtimeMethods) | null;
  const [others, setOthers] = useState<PresentOperator[]>([]);
  useEffect(() => {
    if (!provider) return;
    return provider.present(resource, id, setOthers);
  }, [provider, resource, id]);
  if (!others.length) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }} role="status">
      <span>{translate('labellens.live.also_open')}</span>
      {others.map(({ email }) => (
        <Chip key={email} size="small" label={email} />
      ))}
    </Stack>
  );
}

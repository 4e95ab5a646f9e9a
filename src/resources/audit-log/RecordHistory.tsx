import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Confirm,
  DataProviderContext,
  EditContext,
  useGetList,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type DataProvider,
  type Identifier,
} from 'react-admin';
import { formatDateTime } from '../../domain/format';
import { formatAuditValue, type AuditEntry } from '../../domain/audit';
import { wordDiff } from '../../domain/wordDiff';
import { spreadTranslations } from '../../domain/contentLanguages';
import { OverwriteQuestion, useOwnWrite } from '../../editing/EditConflict';
import { refusalOf } from '../../providers/versionedUpdates';
import { CHANGES_TABLE_SX, ChangesTable } from './ChangesTable';
import { actionLabel } from './labels';
import type { VersionMethods, VersionValues } from './versionMethods';

/** The data provider as the history uses it: react-admin's with the version methods. */
type HistoryDataProvider = DataProvider & VersionMethods;

/** How many of a record's changes the History tab shows (newest first). */
const HISTORY_LIMIT = 50;

/** The entries after which the record stood as a version (a delete leaves none). */
const VERSION_ACTIONS = new Set(['insert', 'update', 'restore']);

/**
 * A record's History tab: its entries in the audit trail, newest first, each field that changed
 * with its value before and after. `table` is the audited table (public.audit_log.resource).
 * In an edit dialog, "Compare with now" shows how the record as it stood after an entry differs
 * from the form, field by field (text word by word), and "Restore this version" writes it back,
 * after a confirmation, as a new change (the database rebuilds and writes it: admin_restore_version), and
 * the form then shows the restored values (`onRestored` brings the Details tab back).
 */
export function RecordHistory({
  table,
  id,
  versions = false,
  onRestored,
}: {
  table: string;
  id: Identifier;
  /** The resource has versions (its descriptor's `versions`): only then Compare and Restore. */
  versions?: boolean;
  onRestored?: () => void;
}) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState<number | null>(null);
  // Only an edit dialog has a form, and only writers open one: a read-only dialog (a contact
  // message) lists the changes without versions. A support operator's news view lists none: a
  // versioned record's history is its restorers' alone (public.record_history_access).
  const editing = useFormContext() !== null;
  // One record's entries in the trail's id order, the order its writes happened (occurred_at is each
  // transaction's start: a writer that waited on the row lock has the earlier one).
  const { data, isPending, error, refetch } = useGetList<AuditEntry>('audit-log', {
    filter: { resource: table, record_id: String(id) },
    sort: { field: 'id', order: 'DESC' },
    pagination: { page: 1, perPage: HISTORY_LIMIT },
  });
  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress size={24} aria-label={translate('labellens.audit.history')} />
      </Box>
    );
  if (error) return <Alert severity="error">{translate('labellens.audit.history_error')}</Alert>;
  if (!data?.length)
    return <Typography color="text.secondary">{translate('labellens.audit.no_history')}</Typography>;
  return (
    <List aria-label={translate('labellens.audit.history')} disablePadding>
      {data.map((entry) => (
        <ListItem key={entry.id} divider sx={{ display: 'block', px: 0 }}>
          <Typography variant="subtitle2" component="p">
            {translate(actionLabel(entry.action), { _: entry.action })} ·{' '}
            {entry.actor_email ?? translate('labellens.audit.system')} · {formatDateTime(entry.occurred_at)}
          </Typography>
          <ChangesTable changes={entry.changes} />
          {editing &&
            versions &&
            VERSION_ACTIONS.has(entry.action) &&
            (chosen === entry.id ? (
              <VersionComparison
                table={table}
                id={id}
                entryId={entry.id}
                onRestored={() => {
                  setChosen(null);
                  void refetch();
                  onRestored?.();
                }}
              />
            ) : (
              <Button size="small" sx={{ mt: 1 }} onClick={() => setChosen(entry.id)}>
                {translate('labellens.audit.compare')}
              </Button>
            ))}
        </ListItem>
      ))}
    </List>
  );
}

/** The version after entry `entryId` against the form now, and its restore. */
function VersionComparison({
  table,
  id,
  entryId,
  onRestored,
}: {
  table: string;
  id: Identifier;
  entryId: number;
  onRestored: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext() ?? '';
  const provider = useContext(DataProviderContext) as HistoryDataProvider | null;
  const record = useRecordContext<Record<string, unknown>>();
  const form = useFormContext();
  const ownWrite = useOwnWrite();
  const edit = useContext(EditContext);
  // The version "now" was when the operator asked to restore (the record's updated_at): what is sent.
  // `language`: only that language's text (the others kept as they are now), else the whole version.
  const [confirming, setConfirming] = useState<{ comparedWith: unknown; language?: string } | null>(null);
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [restoring, setRestoring] = useState(false);
  // A restore the database refused because a colleague saved since: asked as a refused save is.
  const [overwriting, setOverwriting] = useState(false);
  const { data: version, error } = useVersion(provider, table, String(id), entryId);

  const languageName = (code: string) => translate(`labellens.content_languages.names.${code}`);

  if (error) return <Alert severity="error">{translate('labellens.audit.version_error')}</Alert>;
  if (!version || !record) return <CircularProgress size={20} sx={{ mt: 1 }} />;
  // What the form shows now (unsaved typing included) in an edit dialog, else the record.
  // Translations compared text by text, each language's like a column (`tip (hi)`).
  const current = spreadTranslations({ ...record, ...form.getValues() });
  const then = spreadTranslations(version);
  const fields = 'translations' in version ? new Set([...Object.keys(then), ...Object.keys(current)]) : null;
  const differing = [...(fields ? [...fields].filter((f) => f in then || / \(\w+\)$/.test(f)) : Object.keys(then))]
    .sort()
    .filter((field) => JSON.stringify(then[field] ?? null) !== JSON.stringify(current[field] ?? null));
  // The languages whose texts differ (a field's `(hi)` names its language, the columns are English):
  // with two or more, each can be restored alone.
  const languages = fields ? [...new Set(differing.map((f) => / \((\w+)\)$/.exec(f)?.[1] ?? 'en'))] : [];

  /**
   * Writes the version back, refused by the database unless the record is still at `against`: the
   * version the comparison the operator confirmed was made with (the record below the form, the one
   * "now" showed), or a colleague's newer one the operator chose to write over.
   */
  const restore = async (against: unknown, only?: string) => {
    if (!provider) return;
    setRestoring(true);
    try {
      if (typeof against !== 'string')
        throw new Error('A restore must say which version it was compared with');
      ownWrite?.before(version);
      await provider.restoreVersion(table, String(id), entryId, against, only);
      // The record below the form is read again (the next comparison and restore are made with it),
      // and the form shows it, what was typed included.
      const reread = await edit?.refetch();
      const data = reread?.data ?? (await provider.getOne(resource, { id })).data;
      form.reset(data);
      ownWrite?.after((data as { updated_at?: string }).updated_at);
      notify('labellens.audit.restored', { type: 'success' });
      onRestored();
    } catch (cause) {
      const refusal = refusalOf(cause);
      if (refusal && ownWrite?.refused(refusal) === 'updated') setOverwriting(true);
      else {
        console.error(cause);
        notify('labellens.audit.restore_failed', { type: 'error' });
      }
    } finally {
      setRestoring(false);
      setConfirming(null);
    }
  };
  const conflict = ownWrite?.conflict;

  return (
    <Box
      sx={{ mt: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
      role="region"
      aria-label={translate('labellens.audit.compare_title')}
    >
      <Typography variant="subtitle2" component="p">
        {translate('labellens.audit.compare_title')}
      </Typography>
      {differing.length === 0 ? (
        <Typography color="text.secondary">{translate('labellens.audit.same_as_current')}</Typography>
      ) : (
        <Table size="small" sx={CHANGES_TABLE_SX}>
          <TableHead>
            <TableRow>
              <TableCell component="th">{translate('labellens.audit.field')}</TableCell>
              <TableCell component="th">{translate('labellens.audit.current_value')}</TableCell>
              <TableCell component="th">{translate('labellens.audit.version_value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {differing.map((field) => (
              <FieldDifference key={field} field={field} now={current[field]} then={then[field]} />
            ))}
          </TableBody>
        </Table>
      )}
      {differing.length > 0 && (
        <Stack direction="row" sx={{ mt: 1, gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setConfirming({ comparedWith: record.updated_at })}
            disabled={restoring}
          >
            {translate('labellens.audit.restore')}
          </Button>
          {languages.length > 1 &&
            languages.map((code) => (
              <Button
                key={code}
                size="small"
                onClick={() => setConfirming({ comparedWith: record.updated_at, language: code })}
                disabled={restoring}
              >
                {translate('labellens.audit.restore_language', { language: languageName(code) })}
              </Button>
            ))}
        </Stack>
      )}
      <Confirm
        isOpen={confirming !== null}
        loading={restoring}
        title={confirming?.language ? 'labellens.audit.restore_language_title' : 'labellens.audit.restore_title'}
        content={confirming?.language ? 'labellens.audit.restore_language_content' : 'labellens.audit.restore_content'}
        translateOptions={confirming?.language ? { language: languageName(confirming.language) } : undefined}
        // Confirm translates its button without options: the language's one is given translated.
        confirm={
          confirming?.language
            ? translate('labellens.audit.restore_language', { language: languageName(confirming.language) })
            : 'labellens.audit.restore'
        }
        onConfirm={() => {
          setLanguage(confirming?.language);
          void restore(confirming?.comparedWith, confirming?.language);
        }}
        onClose={() => setConfirming(null)}
      />
      {/* The question a refused save asks, here for the restore. */}
      <OverwriteQuestion
        isOpen={overwriting}
        loading={restoring}
        conflict={conflict}
        onOverwrite={() => {
          setOverwriting(false);
          // Deliberately written against their version, the one the question showed.
          void restore(conflict?.at, language);
        }}
        onClose={() => setOverwriting(false)}
      />
    </Box>
  );
}

/** One differing field: now and then; two texts side by side with the words that differ marked. */
function FieldDifference({ field, now, then }: { field: string; now: unknown; then: unknown }) {
  if (typeof now === 'string' && typeof then === 'string') {
    const parts = wordDiff(now, then);
    return (
      <TableRow>
        <TableCell>{field}</TableCell>
        <TableCell>
          {parts.map((part, i) =>
            part.kind === 'added' ? null : part.kind === 'removed' ? (
              <Box component="del" key={i} sx={{ bgcolor: 'error.light', color: 'error.contrastText' }}>
                {part.text}
              </Box>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </TableCell>
        <TableCell>
          {parts.map((part, i) =>
            part.kind === 'removed' ? null : part.kind === 'added' ? (
              <Box component="ins" key={i} sx={{ bgcolor: 'success.light', color: 'success.contrastText' }}>
                {part.text}
              </Box>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow>
      <TableCell>{field}</TableCell>
      <TableCell>{formatAuditValue(now)}</TableCell>
      <TableCell>{formatAuditValue(then)}</TableCell>
    </TableRow>
  );
}

/** The version's values, through the provider itself (a failed read must not sign the operator out). */
function useVersion(provider: HistoryDataProvider | null, table: string, id: string, entryId: number) {
  return useQuery<VersionValues>({
    queryKey: ['record-version', table, id, entryId],
    queryFn: () => (provider as HistoryDataProvider).getRecordVersion(table, id, entryId),
    enabled: provider !== null,
    // A version never changes; the record it is compared with is read live.
    staleTime: Infinity,
    retry: false,
  });
}

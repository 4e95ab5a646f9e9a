import { Alert, Button } from '@mui/material';
import { useMutationState } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  DataTableBody,
  DataTableRowSxContext,
  useDataProvider,
  useDataTableRowSxContext,
  useListContext,
  useResourceContext,
  useTranslate,
  type DataTableBodyProps,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { countParams } from '../../domain/format';
import type { ResourceData } from '../../providers/resourceData';
import { useSubscribe } from '../../realtime/useLive';
import { resourceText } from '../../i18n/resourceText';

/** Ids of shown rows that were deleted since the page was loaded (marked until the next refetch). */
const DeletedRowsContext = createContext<ReadonlySet<Identifier>>(new Set());

/** How long a burst of changes to shown rows is gathered before one refetch. */
const REFRESH_DELAY_MS = 300;

/**
 * A live list (its resource is declared `live`): rows others add are counted in a bar ("3 new
 * scans · Show") instead of moving the table under the operator's pointer; a shown row someone
 * changes is refetched in place; a shown row someone deletes stays, marked, until the next
 * refetch. After the connection comes back, the page is refetched (what changed meanwhile was
 * not sent). Once the channel is first joined, the page is read again quietly: a row committed
 * after the list's first read but before the join was never sent, and is counted in the bar like
 * the others (a shown row that changed meanwhile is refetched in place).
 *
 * The bar counts only rows the list does not show and that this tab did not just create: the
 * `created` event of the operator's own save often arrives before the save's answer and the
 * refetch that shows the row.
 */
export function LiveRows({ resource, children }: { resource: ResourceData; children: ReactNode }) {
  const translate = useTranslate();
  const name = useResourceContext() ?? resource.name;
  const dataProvider = useDataProvider();
  const { data, refetch, isFetching, page, perPage, sort, filterValues } = useListContext();
  const [added, setAdded] = useState<ReadonlySet<Identifier>>(new Set());
  const [deleted, setDeleted] = useState<ReadonlySet<Identifier>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mounted = useRef(true);
  // A refetch due after the list is gone would run with whoever is signed in then.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);
  const shown = (id: Identifier) =>
    data?.some((record: RaRecord) => String(record.id) === String(id)) ?? false;
  // Records this tab created in this resource (react-admin's useCreate keys its mutations
  // [resource, 'create', ...]; the cache keeps them for a few minutes after the dialog closes).
  const ownCreates = useMutationState({
    filters: { mutationKey: [name, 'create'], status: 'success' },
    select: (mutation) => String((mutation.state.data as RaRecord | undefined)?.id),
  });
  const counted = (id: Identifier) => !shown(id) && !ownCreates.includes(String(id));
  const unseen = [...added].filter(counted);
  // Once shown (or known as this tab's own), an id leaves the count for good: a later page or
  // filter that hides it again does not bring it back as new. (Adjusted while rendering, as
  // React advises for state that follows a prop.)
  const [prunedFor, setPrunedFor] = useState<unknown[]>([]);
  if (prunedFor[0] !== data || prunedFor[1] !== ownCreates) {
    setPrunedFor([data, ownCreates]);
    if (unseen.length !== added.size) setAdded(new Set(unseen));
  }

  const reload = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setAdded(new Set());
    setDeleted(new Set());
    void refetch();
  };
  const refreshSoon = () => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void refetch();
    }, REFRESH_DELAY_MS);
  };

  // The quiet read after the join. It waits while the page on screen is itself being read: that
  // read may have left before the join.
  const checkDue = useRef(false);
  const [joined, setJoined] = useState(false);
  // Rows deleted since the join: the quiet read may have seen them before they went.
  const goneSinceJoin = useRef(new Set<string>());
  const quietCheck = useEffectEvent(() => {
    if (!checkDue.current || isFetching || !data) return;
    checkDue.current = false;
    const shownNow = new Map(data.map((record: RaRecord) => [String(record.id), JSON.stringify(record)]));
    dataProvider
      .getList(name, { pagination: { page, perPage }, sort, filter: filterValues })
      .then(({ data: fresh }) => {
        if (!mounted.current) return;
        const unseen = fresh.filter(
          (record) => !shownNow.has(String(record.id)) && !goneSinceJoin.current.has(String(record.id)),
        );
        if (unseen.length) setAdded((ids) => new Set([...ids, ...unseen.map((record) => record.id)]));
        const changed = fresh.some((record) => {
          const before = shownNow.get(String(record.id));
          return before !== undefined && before !== JSON.stringify(record);
        });
        if (changed) refreshSoon();
      })
      .catch(() => undefined); // the next change or refetch brings the truth
  });
  useEffect(() => quietCheck(), [joined, isFetching, data]);

  useSubscribe(resource.live ? [`resource/${resource.name}`] : [], (event) => {
    const [id] = event.payload.ids;
    if (event.type === 'joined') {
      checkDue.current = true;
      return setJoined(true);
    }
    if (event.type === 'resync') return reload();
    if (event.type === 'created' && !shown(id)) setAdded((ids) => new Set(ids).add(id));
    else if (event.type === 'updated' && shown(id)) refreshSoon();
    else if (event.type === 'deleted') {
      goneSinceJoin.current.add(String(id));
      if (shown(id)) setDeleted((ids) => new Set(ids).add(id));
      setAdded((ids) => {
        if (!ids.has(id)) return ids;
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  });

  return (
    <DeletedRowsContext.Provider value={deleted}>
      {unseen.length > 0 && (
        <Alert
          severity="info"
          role="status"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('labellens.live.show_new')}
            </Button>
          }
        >
          {/* A resource may word it itself (the inbox: "2 new messages"). */}
          {resourceText(translate, name, 'new_rows', countParams(unseen.length))}
        </Alert>
      )}
      {children}
    </DeletedRowsContext.Provider>
  );
}

/** Whether a shown row was deleted by someone since the page loaded. */
export const useDeletedRows = () => useContext(DeletedRowsContext);

/**
 * Every DataTable's body (src/layout/theme.ts): react-admin's, with rows someone deleted struck
 * through and dimmed, on top of the table's own rowSx.
 */
export function LiveDataTableBody(props: DataTableBodyProps) {
  const deleted = useDeletedRows();
  const rowSx = useDataTableRowSxContext();
  const marked = (record: RaRecord, index: number) => ({
    ...rowSx?.(record, index),
    ...(deleted.has(record.id) ? { opacity: 0.55, '& td': { textDecoration: 'line-through' } } : {}),
  });
  // Always the same tree: a body remounted when the first deletion arrives would unmount the
  // rows' buttons, and with them the operator's own pending delete (its toast never came).
  return (
    <DataTableRowSxContext.Provider value={marked}>
      <DataTableBody {...props} />
    </DataTableRowSxContext.Provider>
  );
}

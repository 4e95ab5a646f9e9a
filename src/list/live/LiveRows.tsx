import { Alert, Button } from '@mui/material';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  DataTableBody,
  DataTableRowSxContext,
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

/** Ids of shown rows that were deleted since the page was loaded (marked until the next refetch). */
const DeletedRowsContext = createContext<ReadonlySet<Identifier>>(new Set());

/** How long a burst of changes to shown rows is gathered before one refetch. */
const REFRESH_DELAY_MS = 300;

/**
 * A live list (its resource declares `liveTable`): rows others add are counted in a bar ("3 new
 * scans · Show") instead of moving the table under the operator's pointer; a shown row someone
 * changes is refetched in place; a shown row someone deletes stays, marked, until the next
 * refetch. After the connection comes back, the page is refetched (what changed meanwhile was
 * not sent).
 */
export function LiveRows({ resource, children }: { resource: ResourceData; children: ReactNode }) {
  const translate = useTranslate();
  const name = useResourceContext() ?? resource.name;
  const { data, refetch } = useListContext();
  const [added, setAdded] = useState<ReadonlySet<Identifier>>(new Set());
  const [deleted, setDeleted] = useState<ReadonlySet<Identifier>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A refetch due after the list is gone would run with whoever is signed in then.
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = (id: Identifier) =>
    data?.some((record: RaRecord) => String(record.id) === String(id)) ?? false;

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

  useSubscribe(resource.liveTable ? [`resource/${resource.name}`] : [], (event) => {
    const [id] = event.payload.ids;
    if (event.type === 'resync') return reload();
    if (event.type === 'created' && !shown(id)) setAdded((ids) => new Set(ids).add(id));
    else if (event.type === 'updated' && shown(id)) refreshSoon();
    else if (event.type === 'deleted') {
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
      {added.size > 0 && (
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
          {translate(`resources.${name}.new_rows`, {
            ...countParams(added.size),
            // A resource may word it itself (the inbox: "2 new messages").
            _: translate('labellens.live.new_rows', {
              ...countParams(added.size),
              name: translate(`resources.${name}.name`, { smart_count: added.size, _: name }).toLowerCase(),
            }),
          })}
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

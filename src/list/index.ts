/**
 * The shared list kit of every admin list (see each module's doc comments):
 * - AdminList: paging (ListPagination), sorting, search box `q`, filters in the URL, loading,
 *   empty and error states, CSV export.
 * - csvExporter / neutraliseCell: CSV of the current filter, safe from formula injection.
 * - RouteDialogs / useRouteDialog / OPENED_FROM_LIST / ShowDialogButton: the one route-driven
 *   dialog mechanism (create, edit, details), Back closes them; RecordDialog: a details dialog that
 *   loads its record, a missing record says so.
 * - PhoneList: below 600 px a list's rows as tappable cards that open the same dialogs.
 * The search itself is built once in the data provider: src/providers/search.ts.
 */
export { AdminList, type AdminListProps } from './AdminList';
export { csvExporter, neutraliseCell, toCsv } from './csv';
export { ListPagination, ROWS_PER_PAGE_OPTIONS } from './ListPagination';
export { ListBody, ListEmptyState, ListErrorState, ListSkeleton } from './ListStates';
export { PhoneList, type PhoneListProps } from './PhoneList';
export { RecordDialog, type RecordDialogProps } from './RecordDialog';
export {
  OPENED_FROM_LIST,
  RouteDialogs,
  ShowDialogButton,
  useRouteDialog,
  type RouteDialogsProps,
} from './RouteDialogs';

/**
 * The shared list kit of every admin list (see each module's doc comments):
 * - AdminList: paging (ListPagination), sorting, search box `q`, filters in the URL, loading,
 *   empty and error states, CSV export.
 * - csvExporter / neutraliseCell: CSV of the current filter, safe from formula injection.
 * - useRecordDialog / RecordDialog / ShowDialogButton: route-driven details dialogs
 *   (`/<resource>/:id/show`), Back closes them, a missing record says so.
 * The search itself is built once in the data provider: src/providers/search.ts.
 */
export { AdminList, type AdminListProps } from './AdminList';
export { csvExporter, neutraliseCell, toCsv } from './csv';
export { ListPagination, ROWS_PER_PAGE_OPTIONS } from './ListPagination';
export { ListBody, ListEmptyState, ListErrorState, ListSkeleton } from './ListStates';
export { RecordDialog, ShowDialogButton, useRecordDialog, type RecordDialogProps } from './RecordDialog';

import { useMemo, type ReactElement, type ReactNode } from 'react';
import {
  ColumnsButton,
  CreateButton,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { usePhone } from '../layout/phone';
import { sortOf } from '../providers/paging';
import type { ResourceData } from '../providers/resourceData';
import { csvExporter } from './csv';
import { LIST_PAGE_SIZE } from './firstPage';
import { ListPageHeading } from './ListPageHeading';
import { ListPagination } from './ListPagination';
import { LiveRows } from './live/LiveRows';
import { ListBody, ListEmptyState, ListErrorState } from './ListStates';
import { MultiKeySort } from './MultiKeySort';
import { PhoneList, type PhoneListProps } from './PhoneList';
import { ResultCount } from './ResultCount';
import { SkipToPager } from './SkipToPager';
import { RouteDialogs, type RouteDialogsProps } from './RouteDialogs';

export interface AdminListProps {
  /** The table (usually a `<DataTable>`); skeleton rows replace it while the first page loads. */
  children: ReactNode;
  /** Catalogue key of the search box's placeholder; without it the list has no search box. */
  searchPlaceholder?: string;
  /** Extra filter inputs (their `source` is the filter key, kept in the URL with the search). */
  filters?: ReactElement[];
  /**
   * The resource's data half: its default order (several keys allowed) and, when it declares
   * `csv`, the Export button for the current filter.
   */
  resource: ResourceData;
  /** Shows a Create button (editable resources). */
  hasCreate?: boolean;
  /** Replaces the default empty state ("No <name> yet"). */
  empty?: ReactElement;
  /** Replaces the default error state's message (it keeps its Retry button). */
  error?: ReactElement;
  /** Number of skeleton columns while loading. */
  skeletonColumns?: number;
  /** The list's title in the app bar and page (a catalogue key or element); default the resource's name. */
  title?: string | ReactElement;
  /** The dialogs the URL opens over the list (`/<resource>/create`, `/:id`, `/:id/show`). */
  dialogs?: RouteDialogsProps;
  /**
   * Rendered above the table inside the list's context (e.g. a heading with the total); it then
   * holds the page's h1. Without it the list's title is its h1.
   */
  header?: ReactNode;
  /** Below 600 px the rows are a PhoneList of these fields instead of the table (src/list/PhoneList.tsx). */
  phone?: PhoneListProps;
  /**
   * Shows react-admin's column chooser, for a table whose `hiddenColumns` are hidden by default so
   * that it fits a 1366 px screen.
   */
  chooseColumns?: boolean;
}

/**
 * Every admin list: server-side paging (25 rows, page-size choice), sorting and filtering with the
 * search box as filter `q` and every filter in the URL (bookmarkable), skeleton rows while
 * loading, an empty state, an error state with Retry, and CSV export of the current filter.
 * The data provider turns `q` into SQL (src/providers/search.ts); screens never build searches.
 *
 *   <AdminList resource={scansData} searchPlaceholder="labellens.scans.search" filters={scanFilters}>
 *     <DataTable bulkActionButtons={false}>...</DataTable>
 *   </AdminList>
 */
export function AdminList({
  children,
  searchPlaceholder,
  filters = [],
  resource,
  hasCreate = false,
  empty = <ListEmptyState />,
  error = <ListErrorState />,
  skeletonColumns,
  title,
  dialogs,
  header,
  phone,
  chooseColumns = false,
}: AdminListProps) {
  const translate = useTranslate();
  const isPhone = usePhone();
  const phoneRows = phone && isPhone;
  const exporter = resource.csv && csvExporter(resource.csv, translate);
  // One object per resource: react-admin compares the default sort between renders.
  const sort = useMemo(() => sortOf(resource.defaultSort), [resource]);
  const allFilters = [
    ...(searchPlaceholder
      ? [<SearchInput key="q" source="q" alwaysOn placeholder={translate(searchPlaceholder)} />]
      : []),
    ...filters,
  ];
  return (
    <>
      {/* A list with a header of its own has its heading there. */}
      {!header && <ListPageHeading title={title} />}
      <List
        sort={sort}
        perPage={LIST_PAGE_SIZE}
        pagination={<ListPagination />}
        filters={allFilters.length ? allFilters : undefined}
        exporter={exporter ?? false}
        actions={
          // Empty when every filter is always on and nothing is to create or export (the Contact
          // Inbox before a filter is set): on a phone it would be a blank bar above the search.
          <TopToolbar sx={{ '&:empty': { display: 'none' } }}>
            {chooseColumns && !phoneRows && <ColumnsButton />}
            {filters.length > 0 && <FilterButton />}
            {hasCreate && <CreateButton />}
            {exporter && <ExportButton />}
          </TopToolbar>
        }
        empty={empty}
        error={error}
        title={title}
      >
        {header}
        <ResultCount />
        <SkipToPager />
        <LiveRows resource={resource}>
          <ListBody columns={skeletonColumns}>
            {phoneRows ? <PhoneList {...phone} /> : <MultiKeySort>{children}</MultiKeySort>}
          </ListBody>
        </LiveRows>
      </List>
      {dialogs && <RouteDialogs {...dialogs} />}
    </>
  );
}

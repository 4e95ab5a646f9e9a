import { Pagination, useListContext, useTranslate } from 'react-admin';
import { formatCount, formatEstimate } from '../domain/format';
import type { PagingMeta } from '../providers/paging';
import { LIST_PAGE_SIZE } from './firstPage';
import { MAX_ROWS } from '../domain/limits';

/** Page sizes an operator can choose in every admin list; LIST_PAGE_SIZE is the first page's. */
export const ROWS_PER_PAGE_OPTIONS = [10, LIST_PAGE_SIZE, 50, 100];

/**
 * The pagination bar of every admin list, its figures in the admin's one number format
 * (src/domain/format.ts). Past a threshold the data provider's total is the planner's estimate
 * (meta.totalIsEstimate), and the bar says "about N" rather than a false exact figure; an operator who
 * may not see the estimate (src/providers/paging.ts, ReadsEveryRow) reads "more than 1,000". While the list
 * is in error there is no bar: the page it would describe did not load.
 */
export function ListPagination() {
  const { meta, error, hasNextPage } = useListContext();
  const translate = useTranslate();
  if (error) return null;
  const paging = meta as Partial<PagingMeta> | undefined;
  const isEstimate = paging?.totalIsEstimate === true;
  const displayedRows = ({ from, to, count }: { from: number; to: number; count: number }) => {
    const range = { offsetBegin: formatCount(from), offsetEnd: formatCount(to) };
    // count is -1 when the provider gives no total (partial paging): react-admin's wording then,
    // or, for a list longer than max-rows whose estimate the operator may not see, "more than 1,000".
    if (count === -1 && paging?.pastMaxRows)
      return translate('labellens.pagination.past_max_rows_range', { ...range, total: formatCount(MAX_ROWS) });
    if (count === -1)
      return hasNextPage
        ? translate('ra.navigation.partial_page_range_info', range)
        : translate('ra.navigation.page_range_info', { ...range, total: formatCount(to) });
    return isEstimate
      ? translate('labellens.pagination.estimated_range', { ...range, total: formatEstimate(count) })
      : translate('ra.navigation.page_range_info', { ...range, total: formatCount(count) });
  };
  // react-admin passes the rest of its props on to MUI's TablePagination, whose label this is; its
  // own PaginationProps type does not list it.
  const tablePaginationProps = { labelDisplayedRows: displayedRows };
  return <Pagination rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS} {...tablePaginationProps} />;
}

import { Pagination, useListContext, useTranslate } from 'react-admin';
import type { PagingMeta } from '../providers/paging';

/** Page sizes an operator can choose in every admin list; 25 rows is the default page. */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

const estimate = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });
const position = new Intl.NumberFormat('en-US');

/** A count from the planner, shown to three significant figures: 1,000,180 reads "about 1,000,000". */
export function formatEstimate(total: number): string {
  return estimate.format(total);
}

/**
 * The pagination bar of every admin list. Past a threshold the data provider's total is the
 * planner's estimate (meta.totalIsEstimate), and the bar says "about N" rather than a false exact figure.
 */
export function ListPagination() {
  const { meta } = useListContext();
  const translate = useTranslate();
  const isEstimate = (meta as Partial<PagingMeta> | undefined)?.totalIsEstimate === true;
  const estimatedRange = ({ from, to, count }: { from: number; to: number; count: number }) =>
    translate('labellens.pagination.estimated_range', {
      offsetBegin: position.format(from),
      offsetEnd: position.format(to),
      total: formatEstimate(count),
    });
  return (
    <Pagination
      rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
      {...(isEstimate ? { labelDisplayedRows: estimatedRange } : {})}
    />
  );
}

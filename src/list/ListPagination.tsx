import { Pagination } from 'react-admin';

/** Page sizes an operator can choose in every admin list; 25 rows is the default page. */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

/** The pagination bar of every admin list. */
export function ListPagination() {
  return <Pagination rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS} />;
}

import { getQuery, parseQueryFromLocation, type GetListParams, type Store } from 'react-admin';
import { sortOf } from '../providers/paging';
import type { ResourceData } from '../providers/resourceData';

/** Rows on a list's page until the operator picks another size (ListPagination's choices). */
export const LIST_PAGE_SIZE = 25;

/**
 * The page an admin list (AdminList) asks for first at `location`, worked out as react-admin's list
 * works it out (its own getQuery): the address's parameters, else those the operator left the list
 * with (react-admin's store, `<name>.listParams`), else the list's defaults. The app starts that
 * read while its screen is still loading (src/providers/earlyReads.ts).
 */
export function firstPageParams(
  resource: ResourceData,
  location: { search: string },
  store: Store,
): GetListParams {
  const query = getQuery({
    queryFromLocation: parseQueryFromLocation(location),
    params: store.getItem(`${resource.name}.listParams`, {}),
    filterDefaultValues: {},
    sort: sortOf(resource.defaultSort),
    perPage: LIST_PAGE_SIZE,
  });
  return {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...query.filter },
  };
}

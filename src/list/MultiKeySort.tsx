import { Box } from '@mui/material';
import { Children, isValidElement, type MouseEvent, type ReactNode } from 'react';
import {
  DataTableHead,
  DataTableSortContext,
  useDataTableSortContext,
  useListContext,
  type DataTableHeadProps,
} from 'react-admin';
import { orderTerms, sortOf } from '../providers/paging';

/**
 * Shift-click on a column header adds that column as the next sort key (or flips its direction if
 * it already is one), as spreadsheets do; a plain click keeps react-admin's one-key sort. The order
 * travels in the URL as `sort=category,sort_order.desc` (see orderTerms).
 */
export function MultiKeySort({ children }: { children: ReactNode }) {
  const { sort, setSort } = useListContext();
  const onClickCapture = (event: MouseEvent) => {
    if (!event.shiftKey || !sort) return;
    const header = (event.target as HTMLElement).closest<HTMLElement>('[data-field]');
    const field = header?.dataset.field;
    if (!field) return;
    // Before react-admin's own handler, which would replace the order with this one key.
    event.stopPropagation();
    const terms = orderTerms(sort);
    const index = terms.findIndex((term) => term.field === field);
    const next =
      index >= 0
        ? terms.map((term, i) => (i === index ? { ...term, ascending: !term.ascending } : term))
        : [...terms, { field, ascending: header.dataset.order !== 'DESC' }];
    setSort(sortOf(next));
  };
  return <Box onClickCapture={onClickCapture}>{children}</Box>;
}

/**
 * react-admin's DataTable head with an arrow on every key of a sort of several keys: each column
 * header sees the sort as if its own key were the only one (react-admin marks the header whose
 * `source` equals the sort's field, which a sort of several keys never does). A one-key sort is
 * shown as react-admin shows it. Every DataTable uses it (src/layout/theme.ts).
 */
export function MultiKeySortHead({ children, ...props }: DataTableHeadProps) {
  const sort = useDataTableSortContext();
  const terms = sort ? orderTerms(sort) : [];
  if (terms.length < 2) return <DataTableHead {...props}>{children}</DataTableHead>;
  return (
    <DataTableHead {...props}>
      {Children.map(children, (column) => {
        const source: unknown = isValidElement<{ source?: unknown }>(column)
          ? column.props.source
          : undefined;
        const term = terms.find((t) => t.field === source);
        if (!term) return column;
        return (
          <DataTableSortContext.Provider
            value={{ field: term.field, order: term.ascending ? 'ASC' : 'DESC' }}
          >
            {column}
          </DataTableSortContext.Provider>
        );
      })}
    </DataTableHead>
  );
}

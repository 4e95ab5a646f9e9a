import { Box } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { useListContext } from 'react-admin';
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

import { Link } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { MouseEvent } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/**
 * A skip link before a list's rows, shown only while it has focus: Enter moves focus to the pager,
 * so a keyboard user reaches "Go to next page" without tabbing through every row's links.
 */
export function SkipToPager() {
  const translate = useTranslate();
  const { total, perPage } = useListContext();
  // Only worth it when there is a next page to go to.
  if (!total || total <= perPage) return null;
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const pager = event.currentTarget
      .closest('#main-content')
      ?.querySelector<HTMLElement>('.MuiTablePagination-root');
    if (!pager) return;
    pager.tabIndex = -1;
    pager.focus();
  };
  return (
    <Link
      href="#"
      onClick={skip}
      sx={{
        display: 'inline-block',
        m: 1,
        px: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        '&:not(:focus)': visuallyHidden,
      }}
    >
      {translate('labellens.list.skip_to_pager')}
    </Link>
  );
}

import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { useCallback, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

type NavigationItem = 'page' | 'first' | 'last' | 'next' | 'previous' | 'start-ellipsis' | 'end-ellipsis';

/**
 * MUI's own words (an alert's close button, an autocomplete's, a pager's labels) in the admin's
 * language, from the catalogue; in English MUI keeps its own, as before.
 */
export function LocaleTheme({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const theme = useCallback(
    (outer: Theme) => {
      if (locale === 'en') return outer;
      const itemLabel = (type: NavigationItem | string, page: number | null, selected = false) =>
        type === 'page'
          ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page })
          : translate(`ra.navigation.${type}`, { _: '' });
      return createTheme(outer, {
        components: {
          MuiAlert: { defaultProps: { closeText: translate('ra.action.close') } },
          MuiAutocomplete: {
            defaultProps: {
              clearText: translate('ra.action.clear_input_value'),
              closeText: translate('ra.action.close'),
              openText: translate('ra.action.open'),
              noOptionsText: translate('labellens.mui.no_options'),
              loadingText: translate('labellens.list.loading'),
            },
          },
          MuiPagination: {
            defaultProps: {
              'aria-label': translate('labellens.mui.pagination'),
              getItemAriaLabel: itemLabel,
            },
          },
          MuiTablePagination: {
            defaultProps: {
              getItemAriaLabel: (type: NavigationItem) => itemLabel(type, null),
              labelRowsPerPage: translate('ra.navigation.page_rows_per_page'),
              labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
                translate('ra.navigation.page_range_info', {
                  offsetBegin: from,
                  offsetEnd: to,
                  total: count,
                }),
            },
          },
        },
      });
    },
    [locale, translate],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

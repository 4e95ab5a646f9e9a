import type { CheckboxOwnerState } from '@mui/material/Checkbox';
import type { CSSObject, Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { LiveDataTableBody } from '../list/live/LiveRows';
import { MultiKeySortHead } from '../list/MultiKeySort';
import { touchTargetComponents } from './phone';
import { darkPalette, fontComponents, lightPalette, sharedThemeOptions, SIDEBAR_THEME } from './palette';

/**
 * Every DataTable's head shows an arrow on each key of a sort of several keys; 44 px targets on
 * phones (src/layout/phone.ts).
 *
 * Accessibility fixes to react-admin's components, in one place:
 * - A Checkbox given `aria-label` (react-admin's row checkbox, "Select this row") names its input,
 *   not its root span: on the span the name is a prohibited attribute and the input has none.
 * - The skip link is the primary colour with its own text colour (react-admin's is that text colour
 *   on the page background: white on #f4f8f5).
 * - The not-found message is not faded (react-admin's 0.5 opacity leaves grey text below 4.5:1).
 * - A focused field's label is the darker primary in light mode: react-admin's fields are filled,
 *   and the primary on their grey is 4.41:1.
 * - The bulk-actions toolbar, collapsed while nothing is selected, is hidden from the Tab order and
 *   the accessibility tree too (react-admin only shrinks it to 0 px, so Unselect and Delete stay
 *   reachable by Tab and Enter on Delete would ask to delete 0 records).
 */
const components: RaThemeOptions['components'] = {
  ...fontComponents,
  ...touchTargetComponents,
  RaDataTable: { defaultProps: { head: MultiKeySortHead, body: LiveDataTableBody } },
  MuiCheckbox: {
    ...touchTargetComponents?.MuiCheckbox,
    defaultProps: {
      slotProps: {
        root: () => ({ 'aria-label': undefined }),
        input: (ownerState: CheckboxOwnerState) => ({ 'aria-label': ownerState['aria-label'] }),
      },
    },
  },
  MuiFormLabel: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        '&.Mui-focused': theme.palette.mode === 'light' ? { color: theme.palette.primary.dark } : {},
      }),
    },
  },
  RaSkipNavigationButton: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        backgroundColor: theme.palette.primary.main,
        color: theme.palette.primary.contrastText,
        '&:hover': { opacity: 1, backgroundColor: theme.palette.primary.dark },
        '&:focus-visible': { outline: `3px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
      }),
    },
  },
  RaBulkActionsToolbar: {
    styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } },
  },
  RaNotFound: { styleOverrides: { root: { '& .RaNotFound-message': { opacity: 1 } } } },
};

/**
 * react-admin's light theme gives filled inputs a `'&$disabled'` rule, JSS syntax that emotion writes
 * out as the invalid selector `.css-…-MuiFilledInput-root$disabled`. Browsers drop that rule, so it
 * changes nothing on screen; jsdom parses it again, and fails, for every element getComputedStyle is
 * asked about. The rest of react-admin's override is kept as it is.
 */
const { '&$disabled': _jssOnly, ...raFilledInputRoot } = (defaultLightTheme.components?.MuiFilledInput
  ?.styleOverrides?.root ?? {}) as CSSObject;

/** react-admin's default themes in the health-green palette, with the spec's sidebar sizes. */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...sharedThemeOptions,
  sidebar: SIDEBAR_THEME,
  palette: lightPalette,
  components: {
    ...defaultLightTheme.components,
    MuiFilledInput: { styleOverrides: { root: raFilledInputRoot } },
    ...components,
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...sharedThemeOptions,
  sidebar: SIDEBAR_THEME,
  palette: darkPalette,
  components: { ...defaultDarkTheme.components, ...components },
};

import { useMediaQuery, type Theme } from '@mui/material';
import type { RaThemeOptions } from 'react-admin';

/**
 * Whether the screen is a phone's (below MUI's `sm`, 600 px): lists show cards (src/list/PhoneList),
 * dialogs fill the screen and touch targets grow to 44 px. The one definition of "phone" in the admin.
 */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** The smallest touch target on a phone, in CSS px (WCAG 2.5.5, Apple's and Google's guidance). */
export const TOUCH_TARGET_PX = 44;

const phoneOnly =
  (style: Record<string, unknown>) =>
  ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('sm')]: style });

const target = { minWidth: TOUCH_TARGET_PX, minHeight: TOUCH_TARGET_PX };

/**
 * Theme overrides that make every button, icon button (eye, pager, menu, close), checkbox, menu
 * entry and input at least 44 px on a phone, whatever size a screen asked for.
 */
export const touchTargetComponents: RaThemeOptions['components'] = {
  MuiIconButton: { styleOverrides: { root: phoneOnly(target) } },
  MuiButton: { styleOverrides: { root: phoneOnly(target) } },
  MuiCheckbox: { styleOverrides: { root: phoneOnly(target) } },
  MuiListItemButton: { styleOverrides: { root: phoneOnly({ minHeight: TOUCH_TARGET_PX }) } },
  MuiMenuItem: { styleOverrides: { root: phoneOnly({ minHeight: TOUCH_TARGET_PX }) } },
  MuiInputBase: { styleOverrides: { root: phoneOnly({ minHeight: TOUCH_TARGET_PX }) } },
};

/**
 * For a `<form>` between a Dialog and its DialogContent and DialogActions: as a flex column it lets
 * the content scroll and keeps the actions in view (full-screen on a phone included), as MUI's own
 * dialog layout does without a form in between.
 */
export const FORM_IN_DIALOG_SX = {
  '& form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
} as const;

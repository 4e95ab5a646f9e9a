import type { ThemeOptions } from '@mui/material/styles';
import { REM_PX, SIDEBAR } from './sidebarConfig';

/**
 * The health-green look shared by the login page (plain MUI, kept small) and the react-admin app
 * (layout/theme.ts adds react-admin's defaults and the sidebar sizes).
 */
export const sharedThemeOptions: ThemeOptions = {
  breakpoints: { values: { xs: 0, sm: SIDEBAR.mobileBreakpointPx, md: 1024, lg: 1280, xl: 1536 } },
  shape: { borderRadius: 10 },
  // Buttons read as the spec writes them ('Sign In', 'Add Tag'), not in MUI's default upper case.
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
};

export const SIDEBAR_THEME = { width: SIDEBAR.widthRem * REM_PX, closedWidth: SIDEBAR.iconWidthRem * REM_PX };

export const lightPalette: ThemeOptions['palette'] = {
  mode: 'light',
  primary: { main: '#15803d', contrastText: '#ffffff' },
  secondary: { main: '#0f766e', contrastText: '#ffffff' },
  success: { main: '#16a34a' },
  warning: { main: '#b45309' },
  error: { main: '#dc2626' },
  background: { default: '#f4f8f5', paper: '#ffffff' },
};

export const darkPalette: ThemeOptions['palette'] = {
  mode: 'dark',
  primary: { main: '#4ade80', contrastText: '#052e16' },
  secondary: { main: '#2dd4bf', contrastText: '#042f2e' },
  success: { main: '#4ade80' },
  warning: { main: '#fbbf24' },
  error: { main: '#f87171' },
  background: { default: '#0b1410', paper: '#111c16' },
};

import type { ThemeOptions } from '@mui/material/styles';
import devanagariFont from '@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2?url';
import { REM_PX, SIDEBAR } from './sidebarConfig';

/**
 * The Devanagari face of the public site (Noto Sans Devanagari, scripts/devanagariFont.ts), for the
 * admin in Hindi and for Hindi text in any record. The site ships subsets of its own text; the admin
 * shows text nobody knows in advance, so it takes the whole Devanagari range, variable weight. Its
 * unicode-range keeps Latin text on the system font and the file unloaded until Devanagari shows.
 */
const DEVANAGARI_FACE =
  `@font-face{font-family:'LabelLens Devanagari';font-style:normal;font-weight:100 900;font-display:swap;` +
  `src:url(${devanagariFont}) format('woff2');` +
  'unicode-range:U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+25CC,U+A830-A839,U+A8E0-A8FF}';

/** Theme parts every theme of the admin carries (the sign-in pages' and react-admin's). */
export const fontComponents = {
  MuiCssBaseline: { styleOverrides: DEVANAGARI_FACE },
} satisfies ThemeOptions['components'];

/**
 * The health-green look shared by the login page (plain MUI, kept small) and the react-admin app
 * (layout/theme.ts adds react-admin's defaults and the sidebar sizes).
 */
export const sharedThemeOptions: ThemeOptions = {
  breakpoints: { values: { xs: 0, sm: SIDEBAR.mobileBreakpointPx, md: 1024, lg: 1280, xl: 1536 } },
  shape: { borderRadius: 10 },
  components: fontComponents,
  // Buttons read as the spec writes them ('Sign In', 'Add Tag'), not in MUI's default upper case.
  // The Devanagari face first, as on the site: its unicode-range leaves Latin to the system font.
  typography: {
    fontFamily:
      '"LabelLens Devanagari", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
};

export const SIDEBAR_THEME = { width: SIDEBAR.widthRem * REM_PX, closedWidth: SIDEBAR.iconWidthRem * REM_PX };

/**
 * Every colour that carries text (buttons, badges, chips, the skip link) names its text colour, and
 * each pair reaches WCAG AA's 4.5:1 (palette.test.ts computes the ratios). MUI would otherwise pick
 * white on any colour where white reaches only 3:1 (its default threshold), e.g. 3.29:1 on #16a34a.
 * Light mode: white on a dark shade; dark mode: a near-black of the same hue on a light shade.
 */
export const lightPalette = {
  mode: 'light',
  // dark: a hovered button, and the label of a focused filled field (on its #f0f0f0, main is 4.41:1).
  primary: { main: '#15803d', dark: '#166534', contrastText: '#ffffff' },
  secondary: { main: '#0f766e', dark: '#115e59', contrastText: '#ffffff' },
  success: { main: '#15803d', contrastText: '#ffffff' },
  info: { main: '#0369a1', contrastText: '#ffffff' },
  warning: { main: '#b45309', contrastText: '#ffffff' },
  error: { main: '#dc2626', contrastText: '#ffffff' },
  background: { default: '#f4f8f5', paper: '#ffffff' },
} as const satisfies ThemeOptions['palette'];

export const darkPalette = {
  mode: 'dark',
  // dark: a hovered button (MUI's computed shade, #339b59, leaves its text at 4.24:1).
  primary: { main: '#4ade80', dark: '#22c55e', contrastText: '#052e16' },
  secondary: { main: '#2dd4bf', dark: '#14b8a6', contrastText: '#042f2e' },
  success: { main: '#4ade80', contrastText: '#052e16' },
  info: { main: '#38bdf8', contrastText: '#082f49' },
  warning: { main: '#fbbf24', contrastText: '#451a03' },
  error: { main: '#f87171', contrastText: '#450a0a' },
  background: { default: '#0b1410', paper: '#111c16' },
} as const satisfies ThemeOptions['palette'];

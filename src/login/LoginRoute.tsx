import { CssBaseline, useMediaQuery } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { lookup } from '../i18n/lookup';
import { useDocumentTitle } from '../layout/documentTitle';
import { darkPalette, lightPalette, sharedThemeOptions } from '../layout/palette';
import { LoginPage } from './LoginPage';

/** The login route's own small MUI setup: the admin's palette, following the system's light/dark mode. */
export default function LoginRoute() {
  useDocumentTitle(lookup('labellens.titles.sign_in'));
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const theme = useMemo(
    () => createTheme({ ...sharedThemeOptions, palette: dark ? darkPalette : lightPalette }),
    [dark],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LoginPage />
    </ThemeProvider>
  );
}

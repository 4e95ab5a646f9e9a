import { CssBaseline, useMediaQuery } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { darkPalette, lightPalette, sharedThemeOptions } from '../layout/palette';
import { LoginPage } from './LoginPage';

/** The login route's own small MUI setup: the admin's palette, following the system's light/dark mode. */
export default function LoginRoute() {
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

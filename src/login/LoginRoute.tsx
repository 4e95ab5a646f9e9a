import { CssBaseline, useMediaQuery } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { lookup } from '../i18n/lookup';
import { useDocumentTitle } from '../layout/documentTitle';
import { darkPalette, lightPalette, sharedThemeOptions } from '../layout/palette';
import { LoginPage, type LoginPageProps } from './LoginPage';

/**
 * The signed-out routes' own small MUI setup (sign in, forgotten password, set a password): the
 * admin's palette, following the system's light/dark mode.
 */
export function AuthRoute({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(lookup(title));
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const theme = useMemo(
    () => createTheme({ ...sharedThemeOptions, palette: dark ? darkPalette : lightPalette }),
    [dark],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export default function LoginRoute(props: LoginPageProps) {
  return (
    <AuthRoute title="labellens.titles.sign_in">
      <LoginPage {...props} />
    </AuthRoute>
  );
}

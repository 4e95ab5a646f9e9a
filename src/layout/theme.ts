import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { darkPalette, lightPalette, sharedThemeOptions, SIDEBAR_THEME } from './palette';

/** react-admin's default themes in the health-green palette, with the spec's sidebar sizes. */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...sharedThemeOptions,
  sidebar: SIDEBAR_THEME,
  palette: lightPalette,
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...sharedThemeOptions,
  sidebar: SIDEBAR_THEME,
  palette: darkPalette,
};

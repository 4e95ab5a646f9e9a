import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { MultiKeySortHead } from '../list/MultiKeySort';
import { touchTargetComponents } from './phone';
import { darkPalette, lightPalette, sharedThemeOptions, SIDEBAR_THEME } from './palette';

/** Every DataTable's head shows an arrow on each key of a sort of several keys; 44 px targets on phones. */
const components: RaThemeOptions['components'] = {
  RaDataTable: { defaultProps: { head: MultiKeySortHead } },
  ...touchTargetComponents,
};

/** react-admin's default themes in the health-green palette, with the spec's sidebar sizes. */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...sharedThemeOptions,
  sidebar: SIDEBAR_THEME,
  palette: lightPalette,
  components: { ...defaultLightTheme.components, ...components },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...sharedThemeOptions,
  sidebar: SIDEBAR_THEME,
  palette: darkPalette,
  components: { ...defaultDarkTheme.components, ...components },
};

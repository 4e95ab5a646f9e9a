import { useBasename, useTranslate } from 'react-admin';
import { matchPath, useLocation } from 'react-router-dom';
import { SCREENS } from '../resources';
import { isResource, screenPath } from '../resources/kit';
import { useDocumentTitle } from './documentTitle';

/** The catalogue key naming the screen at `path` (below /admin): its own title, else its menu label. */
export function screenTitleKey(path: string): string {
  if (path === '/' || path === '') return 'labellens.menu.dashboard';
  const screen = SCREENS.find((candidate) => matchPath({ path: screenPath(candidate), end: false }, path));
  if (!screen) return 'labellens.titles.not_found';
  if (isResource(screen)) return screen.screens.menu.label;
  return screen.title ?? screen.menu?.label ?? 'labellens.app.title';
}

/**
 * The one title mechanism of the admin's screens, run by the layout: every route names its tab
 * from the screen registry (src/resources/index.ts), so a new screen gets its title with its menu
 * entry; a dialog's route (/scans/:id/show) keeps its list's title, an unknown path is "Page not found".
 */
export function useScreenDocumentTitle() {
  const { pathname } = useLocation();
  const basename = useBasename();
  const translate = useTranslate();
  const path = pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname;
  useDocumentTitle(translate(screenTitleKey(path)));
}

import { useCallback } from 'react';
import { useBasename, useRedirect, useResourceContext } from 'react-admin';
import { matchPath, useLocation } from 'react-router-dom';

/**
 * Which dialog the URL opens over a resource's list: `/<resource>/create`, `/<resource>/:id` (edit)
 * or `/<resource>/:id/show`. The dialogs are routes, so they can be linked and Back closes them;
 * `close` goes back to the list, which keeps its filters and page.
 */
export function useRouteDialog() {
  const resource = useResourceContext();
  const basename = useBasename();
  const { pathname } = useLocation();
  const redirect = useRedirect();
  const base = `${basename}/${resource}`;
  const creating = matchPath(`${base}/create`, pathname) !== null;
  const shown = matchPath(`${base}/:id/show`, pathname);
  const edited = creating ? null : matchPath(`${base}/:id`, pathname);
  const close = useCallback(() => redirect('list', resource), [redirect, resource]);
  return { creating, showId: shown?.params.id, editId: edited?.params.id, close };
}

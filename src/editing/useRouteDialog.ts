import { useBasename, useResourceContext } from 'react-admin';
import { useMatch } from 'react-router-dom';
import { useRecordDialog } from '../list';

/**
 * Which dialog the URL opens over an editable resource's list: `/<resource>/create`,
 * `/<resource>/:id` (edit) or `/<resource>/:id/show` (details, as in the list kit). `close` goes
 * Back when the dialog was opened from the list, else to the list.
 */
export function useRouteDialog() {
  const resource = useResourceContext() ?? '';
  const basename = useBasename();
  const { id: showId, close } = useRecordDialog(resource);
  const creating = useMatch(`${basename}/${resource}/create`) !== null;
  const edited = useMatch(`${basename}/${resource}/:id`);
  const editId = creating ? undefined : edited?.params.id;
  return { creating, editId, showId, close };
}

/** Navigation state of a link that opens a dialog from its list, so closing it goes Back. */
export const OPENED_FROM_LIST = { openedFromList: true } as const;

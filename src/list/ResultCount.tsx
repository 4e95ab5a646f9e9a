import { visuallyHidden } from '@mui/utils';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';
import { countParams } from '../domain/format';
import { resourceName } from '../i18n/resourceText';

/**
 * A polite live region with the list's result count ("12 scans found"), so a screen reader hears
 * what a search or filter did. Hidden on screen (the pager shows the figures); its text changes only
 * when the count does, so paging stays quiet.
 */
export function ResultCount() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { total, error } = useListContext();
  const text =
    total === undefined || error
      ? ''
      : translate('labellens.list.results_found', {
          ...countParams(total),
          name: resourceName(translate, resource, total).toLowerCase(),
        });
  return (
    <div role="status" aria-live="polite" style={visuallyHidden}>
      {text}
    </div>
  );
}

import { Chip } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { countParams, formatCount } from '../../domain/format';
import { useLiveRefresh } from '../../realtime/useLive';

const LIVE = ['contact-messages'];

/** The sidebar's count of new contact messages (hidden when there are none), recounted as messages arrive. */
export function NewMessagesBadge() {
  const translate = useTranslate();
  const { total, refetch } = useGetList('contact-messages', {
    filter: { status: 'new' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  useLiveRefresh(LIVE, () => void refetch());
  if (!total) return null;
  return (
    // A span: the menu entry's label is a <p>, which may not hold the chip's default <div>.
    <Chip
      component="span"
      size="small"
      color="primary"
      label={formatCount(total)}
      aria-label={translate('resources.contact-messages.new_count', countParams(total))}
      sx={{ ml: 1, height: 20 }}
    />
  );
}

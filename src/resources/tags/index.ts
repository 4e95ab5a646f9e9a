import TagIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';

/** The list route also serves /tags/create and /tags/:id as dialogs over it. */
export default {
  list: lazy(() => import('./TagList')),
  hasCreate: true,
  hasEdit: true,
  icon: TagIcon,
  recordRepresentation: 'label',
};

import TagIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./TagList')),
  icon: TagIcon,
  recordRepresentation: 'label',
};

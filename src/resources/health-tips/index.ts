import HealthTipIcon from '@mui/icons-material/TipsAndUpdates';
import { lazy } from 'react';

/** The list route (/health-tips, table health_tips) also serves /health-tips/create and /health-tips/:id as dialogs. */
export default {
  list: lazy(() => import('./HealthTipList')),
  hasCreate: true,
  hasEdit: true,
  icon: HealthTipIcon,
  recordRepresentation: 'tip',
};

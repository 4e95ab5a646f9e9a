import HealthTipIcon from '@mui/icons-material/TipsAndUpdates';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./HealthTipList')),
  icon: HealthTipIcon,
  recordRepresentation: 'tip',
};

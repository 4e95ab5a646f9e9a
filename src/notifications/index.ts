import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { lazy } from 'react';

export default {
  page: lazy(() => import('./NotificationsPage')),
  icon: NotificationsIcon,
};

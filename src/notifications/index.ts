import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { lazy } from 'react';
import type { PageDescriptor } from '../resources/kit';
import { notificationHistoryData } from './data';

/** Push Notifications: a page (Compose and History tabs); History reads admin_notifications. */
export default {
  path: '/notifications',
  page: lazy(() => import('./NotificationsPage')),
  menu: { label: 'labellens.menu.notifications', icon: NotificationsIcon },
  data: notificationHistoryData,
} satisfies PageDescriptor;

import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { lazyScreen, type PageDescriptor } from '../resources/kit';
import { notificationHistoryData } from './data';

/** Push Notifications: a page (Compose and History tabs); History reads admin_notifications. */
export default {
  path: '/notifications',
  page: lazyScreen(() => import('./NotificationsPage')),
  menu: { label: 'labellens.menu.notifications', icon: NotificationsIcon },
  data: notificationHistoryData,
} satisfies PageDescriptor;

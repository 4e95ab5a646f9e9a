import { everyActionFor, PUSH_ROLES } from '../domain/operatorRoles';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { lazyScreen, type PageDescriptor } from '../resources/kit';
import { notificationHistoryData } from './data';

/** Push Notifications: a page (Compose and History tabs); History reads admin_notifications. */
export default {
  path: '/notifications',
  page: lazyScreen(() => import('./NotificationsPage')),
  // The roles the send-notification function serves (it reads PUSH_ROLES, not the registry), for
  // the page and its history list alike.
  access: everyActionFor(PUSH_ROLES),
  menu: { label: 'labellens.menu.notifications', icon: NotificationsIcon },
  data: notificationHistoryData,
} satisfies PageDescriptor;

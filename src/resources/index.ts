import DashboardIcon from '@mui/icons-material/Dashboard';
import MessagesIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { SvgIconComponent } from '@mui/icons-material';
import { lazy, type ComponentType } from 'react';
import auditLog from '../audit';
import notifications from '../notifications';
import users from '../users';
import chats from './chats';
import contactMessages, { NewMessagesBadge } from './contact-messages';
import healthTips from './health-tips';
import news from './news';
import profiles from './profiles';
import scans from './scans';
import tags from './tags';

/** The one registry of the admin's screens: react-admin resources, custom pages and the sidebar. */
export const RESOURCES = [
  { name: 'scans', ...scans },
  { name: 'profiles', ...profiles },
  { name: 'users', ...users },
  { name: 'chats', ...chats },
  { name: 'news', ...news },
  { name: 'health-tips', ...healthTips },
  { name: 'tags', ...tags },
  { name: 'contact-messages', ...contactMessages },
  { name: 'audit-log', ...auditLog },
];

export const Dashboard = lazy(() => import('../dashboard/Dashboard'));
const MessagesPage = lazy(() => import('./comingSoonPages').then((m) => ({ default: m.MessagesPage })));
const SecurityPage = lazy(() => import('../security/SecurityPage'));
const PaymentsPage = lazy(() => import('./comingSoonPages').then((m) => ({ default: m.PaymentsPage })));

/** Routes inside the layout that are not resources (paths below /admin). */
export const CUSTOM_PAGES: ReadonlyArray<{ path: string; component: ComponentType }> = [
  { path: '/dashboard', component: Dashboard },
  { path: '/messages', component: MessagesPage },
  { path: '/notifications', component: notifications.page },
  { path: '/payments', component: PaymentsPage },
  { path: '/security', component: SecurityPage },
];

/** The sidebar in the product's order (Logout follows). Labels are catalogue keys. */
export const MENU_ITEMS: ReadonlyArray<{
  path: string;
  label: string;
  icon: SvgIconComponent;
  /** Shown after the label, e.g. a count. */
  badge?: ComponentType;
}> = [
  { path: '/dashboard', label: 'labellens.menu.dashboard', icon: DashboardIcon },
  { path: '/scans', label: 'labellens.menu.scans', icon: scans.icon },
  { path: '/profiles', label: 'labellens.menu.profiles', icon: profiles.icon },
  { path: '/users', label: 'labellens.menu.users', icon: users.icon },
  { path: '/chats', label: 'labellens.menu.chats', icon: chats.icon },
  { path: '/messages', label: 'labellens.menu.messages', icon: MessagesIcon },
  { path: '/notifications', label: 'labellens.menu.notifications', icon: notifications.icon },
  { path: '/news', label: 'labellens.menu.news', icon: news.icon },
  { path: '/payments', label: 'labellens.menu.payments', icon: PaymentsIcon },
  { path: '/health-tips', label: 'labellens.menu.health_tips', icon: healthTips.icon },
  { path: '/tags', label: 'labellens.menu.tags', icon: tags.icon },
  { path: '/audit-log', label: 'labellens.menu.audit_log', icon: auditLog.icon },
  {
    path: '/contact-messages',
    label: 'labellens.menu.contact_messages',
    icon: contactMessages.icon,
    badge: NewMessagesBadge,
  },
];

import { EVERY_OPERATOR, READ } from '../domain/operatorRoles';
import DashboardIcon from '@mui/icons-material/Dashboard';
import MessagesIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import { lazyScreen, type PageDescriptor } from './kit';

export const Dashboard = lazyScreen(() => import('../dashboard/Dashboard'));

export const dashboardPage: PageDescriptor = {
  path: '/dashboard',
  page: Dashboard,
  access: EVERY_OPERATOR,
  menu: { label: 'labellens.menu.dashboard', icon: DashboardIcon },
  // The figures (useDashboardStats), which the sign-in waits for.
  firstRead: ['getDashboardStats'],
};

/** /admin/messages and /admin/payments: the product shows only a coming-soon placeholder. */
export const messagesPage: PageDescriptor = {
  path: '/messages',
  page: lazyScreen(() => import('./comingSoonPages').then((m) => ({ default: m.MessagesPage }))),
  access: { owner: '*', support: READ },
  menu: { label: 'labellens.menu.messages', icon: MessagesIcon },
};

export const paymentsPage: PageDescriptor = {
  path: '/payments',
  page: lazyScreen(() => import('./comingSoonPages').then((m) => ({ default: m.PaymentsPage }))),
  access: { owner: '*', support: READ },
  menu: { label: 'labellens.menu.payments', icon: PaymentsIcon },
};

import { lazyScreen, type PageDescriptor } from '../resources/kit';

/** Security (second factor): reached from the user menu (SecurityMenuItem), so it has no sidebar entry. */
export const securityPage = {
  path: '/security',
  page: lazyScreen(() => import('./SecurityPage')),
  title: 'labellens.security.page_title',
} satisfies PageDescriptor;

import { EVERY_OPERATOR } from '../domain/operatorRoles';
import { lazyScreen, type PageDescriptor } from '../resources/kit';

/** Security (second factor): reached from the user menu (SecurityMenuItem), so it has no sidebar entry. */
export const securityPage = {
  path: '/security',
  page: lazyScreen(() => import('./SecurityPage')),
  // Each operator's own second factor.
  access: EVERY_OPERATOR,
  title: 'labellens.security.page_title',
} satisfies PageDescriptor;

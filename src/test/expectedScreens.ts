import type { OperatorRole } from '../domain/operatorRoles';
import { lookup } from '../i18n/lookup';
import { screenTitleKey } from '../layout/useScreenDocumentTitle';
import { canOperate, MENU_ITEMS, SCREENS } from '../resources';
import { screenPath } from '../resources/kit';
import { ADMIN_BASE } from '../routes';

/** An entry's text as shown: its label, then its badge's count when it has one (Contact Inbox3). */
export type SidebarText = string | RegExp;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sidebar a role sees, as text, from the registry (its order, each screen's `access`) and the
 * catalogue (each label), Logout last: what the unit tests (src/App.test.tsx,
 * src/layout/operatorAccess.test.tsx) and the browser specs (tests/e2e/admin/) compare the shown
 * menu with, so a new screen is in their expectations by its registry line alone.
 */
export function sidebarFor(role: OperatorRole): SidebarText[] {
  return [
    ...MENU_ITEMS.filter(({ path }) => canOperate(role, path.slice(1), 'list')).map(({ label, badge }) =>
      badge ? new RegExp(`^${escape(lookup(label))}\\d*$`) : lookup(label),
    ),
    lookup('ra.auth.logout'),
  ];
}

/** The same for a vitest expectation (a badge's entry as expect.stringMatching). */
export const expectedSidebar = (role: OperatorRole) =>
  sidebarFor(role).map((text) => (typeof text === 'string' ? text : expect.stringMatching(text)));

/**
 * Every screen with an address of its own (a page below another screen's path, /users/:id, has
 * none), in the registry's order, with the name its tab shows: the browser specs open each one
 * (tests/e2e/admin/screens.spec.ts, axe.spec.ts), so a new screen is checked by its registry line.
 */
export const screenAddresses = () =>
  SCREENS.map(screenPath)
    .filter((path) => !path.includes(':'))
    .map((path) => ({ url: `${ADMIN_BASE}${path}`, name: lookup(screenTitleKey(path)) }));

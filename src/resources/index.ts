import auditLog from '../audit';
import notifications from '../notifications';
import { securityPage } from '../security';
import { teamPage } from '../team';
import users, { personPage } from '../users';
import chats from './chats';
import contactMessages from './contact-messages';
import healthTips from './health-tips';
import { operatorCan, type AccessTable, type OperatorRole } from '../domain/operatorRoles';
import {
  isLazy,
  isResource,
  screenKey,
  screenPath,
  type MenuEntry,
  type PageDescriptor,
  type PaletteSearch,
  type ScreenDescriptor,
} from './kit';
import news from './news';
import { Dashboard, dashboardPage, messagesPage, paymentsPage } from './pages';
import profiles from './profiles';
import scans from './scans';
import tags from './tags';
import trash from '../trash';

/**
 * The one registry of the admin's screens, in the sidebar's order (Logout follows): each resource's
 * descriptor (data half and screen half) and the pages that are not resources. The data provider,
 * the search, the routes and the menu are all built from it; adding a resource is its folder, one
 * line here and its strings (docs/adding-a-resource.md).
 */
export const SCREENS: readonly ScreenDescriptor[] = [
  dashboardPage,
  scans,
  profiles,
  users,
  personPage,
  chats,
  messagesPage,
  notifications,
  news,
  paymentsPage,
  healthTips,
  tags,
  auditLog,
  contactMessages,
  trash,
  teamPage,
  securityPage,
];

/**
 * Starts loading the code of the screen that `path` (below /admin, e.g. `/scans/42/show`) opens;
 * `/` is the dashboard. The admin app calls it as it starts, so the screen's chunk is on its way
 * while the session is checked, not only once the route renders after those checks.
 */
export function preloadScreen(path: string) {
  const first = `/${path.split('/')[1] ?? ''}`;
  const screen = first === '/' ? dashboardPage : SCREENS.find((s) => screenPath(s) === first);
  const component: unknown = screen && (isResource(screen) ? screen.screens.list : screen.page);
  if (isLazy(component)) component.preload();
}

/**
 * What each operator role may do on each screen, keyed by the name react-admin's canAccess asks
 * about (a screen's path's first name, which is also its data's name), from the descriptors'
 * `access`. A screen missing here is reached by no one.
 */
export const OPERATOR_ACCESS: AccessTable = Object.fromEntries(
  SCREENS.flatMap((screen) => (screen.access ? [[screenKey(screen), screen.access] as const] : [])),
);

/** Whether `role` may do `action` on the screen `resource` (a field, `news.title`, follows its screen). */
export const canOperate = (role: OperatorRole | null, resource: string, action: string) =>
  operatorCan(OPERATOR_ACCESS, role, resource, action);

/** The react-admin resources. */
export const RESOURCES = SCREENS.filter(isResource);

/** Routes inside the layout that are not resources (paths below /admin). */
export const CUSTOM_PAGES = SCREENS.filter((screen): screen is PageDescriptor => !isResource(screen));

/** Every data half, for the data provider (pages that read a resource of their own included). */
export const RESOURCE_DATA = SCREENS.flatMap((screen) => (screen.data ? [screen.data] : []));

/** The sidebar entries with their paths (a page without a menu entry is reached otherwise, e.g. Security from the user menu). */
export const MENU_ITEMS = SCREENS.flatMap((screen) => {
  const menu = isResource(screen) ? screen.screens.menu : screen.menu;
  return menu ? [{ path: screenPath(screen), ...menu }] : [];
});

/** A kind of record the command palette finds: admin_search's kind is the screen's route name. */
export interface PaletteKind extends Required<PaletteSearch> {
  kind: string;
  icon: MenuEntry['icon'];
}

/** The kinds the command palette finds, from the screens' `palette` declarations, in the sidebar's order. */
export const PALETTE_KINDS: ReadonlyMap<string, PaletteKind> = new Map(
  SCREENS.flatMap((screen) => {
    const palette = isResource(screen) ? screen.screens.palette : screen.palette;
    const menu = isResource(screen) ? screen.screens.menu : screen.menu;
    if (!palette || !menu) return [];
    const kind = screenPath(screen).slice(1);
    const opens = palette.opens ?? ((id: string) => `/${kind}/${id}/show`);
    return [[kind, { kind, label: palette.label, opens, icon: menu.icon }] as const];
  }),
);

export { Dashboard };

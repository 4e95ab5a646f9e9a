import auditLog from './audit-log';
import notifications from '../notifications';
import { securityPage } from '../security';
import { teamPage } from '../team';
import users, { personPage } from './users';
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
import type { Store } from 'react-admin';
import { matchPath } from 'react-router-dom';
import { firstPageParams } from '../list/firstPage';
import type { EarlyRead } from '../providers/earlyReads';
import news from './news';
import { Dashboard, dashboardPage, messagesPage, paymentsPage } from './pages';
import profiles from './profiles';
import scans from './scans';
import tags from './tags';
import trash from '../trash';

/**
 * The one registry of the admin's screens, in the sidebar's order (Logout follows): each resource's
 * descriptor (data half and screen half) and the pages that are not resources. The data provider,
 * the search, the routes and the menu are all built from it; adding a resource is its folder (its
 * strings in it), one line here, its SQL and seed rows (docs/adding-a-resource.md).
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
 * The screen that `path` (below /admin, e.g. `/scans/42/show`) opens: a page whose route matches
 * it (a person's page, /users/<id>), else the resource of its first name, whose dialogs open over
 * its list; `/` is the dashboard.
 */
function screenAt(path: string): ScreenDescriptor | undefined {
  const first = `/${path.split('/')[1] ?? ''}`;
  if (first === '/') return dashboardPage;
  return (
    SCREENS.find((s) => !isResource(s) && matchPath(s.path, path)) ??
    SCREENS.find((s) => screenPath(s) === first)
  );
}

/**
 * Starts loading the code of the screen that `path` (below /admin) opens. The admin app calls it as
 * it starts, so the screen's chunk is on its way while the session is checked, not only once the
 * route renders after those checks.
 */
export function preloadScreen(path: string) {
  const screen = screenAt(path);
  const component: unknown = screen && (isResource(screen) ? screen.screens.list : screen.page);
  if (isLazy(component)) component.preload();
}

/**
 * The read the screen at `location` (below /admin) makes first, which the app starts early
 * (src/providers/earlyReads.ts): a resource's list page as its list will ask for it (its dialogs
 * open over the list), or what a page declares as its `firstRead`.
 */
export function firstRead(path: string, location: { search: string }, store: Store): EarlyRead | undefined {
  const screen = screenAt(path);
  if (!screen) return undefined;
  if (!isResource(screen)) return screen.firstRead;
  return ['getList', screen.data.name, firstPageParams(screen.data, location, store)];
}

/**
 * Everything the app derives from a list of screens: the routes, the data halves, the menu, the
 * palette's kinds and the roles' access. The app derives it from SCREENS (below); a test derives it
 * from SCREENS and a throw-away descriptor to prove a new resource needs nothing else
 * (scripts/newResource.test.ts).
 */
export function deriveRegistry(screens: readonly ScreenDescriptor[]) {
  /** The react-admin resources. */
  const resources = screens.filter(isResource);
  /** Routes inside the layout that are not resources (paths below /admin). */
  const customPages = screens.filter((screen): screen is PageDescriptor => !isResource(screen));
  /** Every data half, for the data provider (pages that read a resource of their own included). */
  const resourceData = screens.flatMap((screen) => (screen.data ? [screen.data] : []));
  /** The sidebar entries with their paths (a page without a menu entry is reached otherwise, e.g. Security from the user menu). */
  const menuItems = screens.flatMap((screen) => {
    const menu = isResource(screen) ? screen.screens.menu : screen.menu;
    return menu ? [{ path: screenPath(screen), ...menu }] : [];
  });
  /** The kinds the command palette finds, from the screens' `palette` declarations, in the sidebar's order. */
  const paletteKinds: ReadonlyMap<string, PaletteKind> = new Map(
    screens.flatMap((screen) => {
      const palette = isResource(screen) ? screen.screens.palette : screen.palette;
      const menu = isResource(screen) ? screen.screens.menu : screen.menu;
      if (!palette || !menu) return [];
      const kind = screenKey(screen);
      const opens = palette.opens ?? ((id: string) => `/${kind}/${id}/show`);
      return [[kind, { kind, label: palette.label, opens, icon: menu.icon }] as const];
    }),
  );
  /**
   * What each operator role may do on each screen, keyed by the name react-admin's canAccess asks
   * about (a screen's path's first name, which is also its data's name), from the descriptors'
   * `access`. A screen missing here is reached by no one.
   */
  const operatorAccess: AccessTable = Object.fromEntries(
    screens.flatMap((screen) => (screen.access ? [[screenKey(screen), screen.access] as const] : [])),
  );
  return { resources, customPages, resourceData, menuItems, paletteKinds, operatorAccess };
}

/** A kind of record the command palette finds: admin_search's kind is the screen's route name. */
export interface PaletteKind extends Required<PaletteSearch> {
  kind: string;
  icon: MenuEntry['icon'];
}

const registry = deriveRegistry(SCREENS);
export const RESOURCES = registry.resources;
export const CUSTOM_PAGES = registry.customPages;
export const RESOURCE_DATA = registry.resourceData;
export const MENU_ITEMS = registry.menuItems;
export const PALETTE_KINDS = registry.paletteKinds;
export const OPERATOR_ACCESS = registry.operatorAccess;

/** Whether `role` may do `action` on the screen `resource` (a field, `news.title`, follows its screen). */
export const canOperate = (role: OperatorRole | null, resource: string, action: string) =>
  operatorCan(OPERATOR_ACCESS, role, resource, action);

export { Dashboard };

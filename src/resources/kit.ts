import type { SvgIconComponent } from '@mui/icons-material';
import { createElement, type ComponentType } from 'react';
import { Loading } from 'react-admin';
import { lazyComponent, type LazyComponent } from '../lazyComponent';
import type { ScreenAccess } from '../domain/operatorRoles';
import type { ResourceData } from '../providers/resourceData';
import type { EarlyRead } from '../providers/earlyReads';

/**
 * A screen in its own chunk (src/lazyComponent.tsx), shown as soon as the chunk loads; while it
 * loads, react-admin's page loading message, which appears after a second (as for React.lazy).
 */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>): LazyComponent =>
  lazyComponent(load, createElement(Loading));

/** Whether a screen's component is a lazyScreen (one that can be preloaded). */
export const isLazy = (component: unknown): component is LazyComponent =>
  typeof component === 'function' && typeof (component as Partial<LazyComponent>).preload === 'function';

/** A sidebar entry: a catalogue key, an icon and an optional badge shown after the label (e.g. a count). */
export interface MenuEntry {
  label: string;
  icon: SvgIconComponent;
  badge?: ComponentType;
}

/**
 * How the command palette (src/commandPalette) finds a screen's records. The search itself is one
 * security-definer RPC, public.admin_search (supabase/schemas/31_app_data_admin_reads.sql), which
 * returns each record with the screen's route name (`scans`, `team`) as its kind, for the roles
 * whose access lists the screen (private.list_readers, which supabase/tests/registryAccess.test.ts
 * compares with the registry); this declaration names the kind and says where a record found opens.
 */
export interface PaletteSearch {
  /** Catalogue key naming one record of the kind ("Scan"), shown beside each one found. */
  label: string;
  /** Where a record found opens, below /admin; default its details dialog, `/<name>/<id>/show`. */
  opens?: (id: string) => string;
}

/**
 * The screen half of a resource's descriptor. The list route renders the list and, over it, the
 * dialog the URL names (`/<name>/create`, `/<name>/:id`, `/<name>/:id/show`; see
 * src/list/RouteDialogs.tsx), so `dialogs` only tells react-admin which of those routes exist.
 * A list's phone layout (cards below 600 px) is its AdminList's `phone` prop (src/list/PhoneList.tsx),
 * so the descriptor does not change for it.
 */
export interface ResourceScreens {
  list: ComponentType;
  dialogs?: { show?: boolean; create?: boolean; edit?: boolean };
  /** The field that names a record in titles and references. */
  recordRepresentation?: string;
  menu: MenuEntry;
  /** The command palette finds its records (admin_search has a branch of the same name). */
  palette?: PaletteSearch;
}

/** One resource: its data half (no React) and its screen half. */
export interface ResourceDescriptor {
  /** Typed by its record where it is defined (defineResourceData<Scan>); the registry holds them all. */
  data: ResourceData;
  screens: ResourceScreens;
  /**
   * What each operator role may do here (react-admin's canAccess actions); a role left out does not
   * see it. The database's policies on its table say the same, write by write (its data's `writes`,
   * supabase/tests/registryAccess.test.ts).
   */
  access: ScreenAccess;
}

/** A screen inside the layout that is not a resource (dashboard, coming-soon pages, Push Notifications). */
export interface PageDescriptor {
  path: string;
  page: ComponentType;
  /**
   * What each operator role may do here, as a resource's `access`; none for a page below another
   * screen's path, which follows that screen (a person's page, /users/<id>, follows Users).
   */
  access?: ScreenAccess;
  /** Its sidebar entry; none for a page reached from elsewhere (Security, from the user menu). */
  menu?: MenuEntry;
  /** Catalogue key of its name in the browser tab when it has no menu entry to take it from. */
  title?: string;
  /** Data a page reads as a resource of its own (e.g. the notifications' History tab). */
  data?: ResourceData;
  /** The command palette finds its records (as a resource's `screens.palette`; kind: the path's name). */
  palette?: PaletteSearch;
  /**
   * The data provider call that brings what the page shows first, exactly as the page makes it: the
   * app starts it while the page's code still loads (a resource's list page is derived instead).
   */
  firstRead?: EarlyRead;
}

export type ScreenDescriptor = ResourceDescriptor | PageDescriptor;

export const isResource = (screen: ScreenDescriptor): screen is ResourceDescriptor => 'screens' in screen;

/** The route of a screen below /admin. */
export const screenPath = (screen: ScreenDescriptor) =>
  isResource(screen) ? `/${screen.data.name}` : screen.path;

/** react-admin's <Resource> props of a resource. */
export function resourceProps({ data, screens }: ResourceDescriptor) {
  return {
    name: data.name,
    list: screens.list,
    hasShow: screens.dialogs?.show ?? false,
    hasCreate: screens.dialogs?.create ?? false,
    hasEdit: screens.dialogs?.edit ?? false,
    icon: screens.menu.icon,
    recordRepresentation: screens.recordRepresentation,
  };
}

/** The name react-admin's canAccess asks about for a screen: its path's first name (`users` for /users/:id). */
export const screenKey = (screen: ScreenDescriptor) => screenPath(screen).split('/')[1];

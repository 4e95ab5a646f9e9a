import { lookup } from '../i18n/lookup';
import { baseTable, readRelation } from '../providers/resourceData';
import { isResource, screenKey, screenPath } from './kit';
import {
  canOperate,
  CUSTOM_PAGES,
  MENU_ITEMS,
  OPERATOR_ACCESS,
  PALETTE_KINDS,
  RESOURCE_DATA,
  RESOURCES,
  SCREENS,
} from './index';

/** Every descriptor is complete: adding a resource cannot forget a half, a string or an order. */
describe('the screens registry', () => {
  it('has a complete descriptor for every resource', () => {
    for (const { data, screens } of RESOURCES) {
      expect(data.name).toMatch(/^[a-z][a-z-]*$/);
      expect(screens.list).toBeDefined();
      expect(lookup(screens.menu.label), screens.menu.label).not.toBe(screens.menu.label);
      expect(lookup(`resources.${data.name}.name`), data.name).not.toBe(`resources.${data.name}.name`);
      expect(data.defaultSort.length).toBeGreaterThan(0);
      if (data.searchColumns) expect(data.searchColumns.length).toBeGreaterThan(0);
      if (data.csv) expect(data.csv.fileName).toBe(data.name);
      // A resource is a table, a view, or reads of its own, never two of those at once.
      expect(Boolean(data.reads) && Boolean(data.table ?? data.seek)).toBe(false);
    }
  });

  it('names each route and resource once, pages included, in the sidebar order', () => {
    const paths = SCREENS.map(screenPath);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(RESOURCE_DATA.map((d) => d.name)).size).toBe(RESOURCE_DATA.length);
    // The sidebar is the registry's order (its one definition): the dashboard first, the owners'
    // Team last; every entry a screen's route.
    const menu = MENU_ITEMS.map((item) => item.path);
    expect(menu).toEqual(SCREENS.map(screenPath).filter((path) => menu.includes(path)));
    expect([menu[0], menu.at(-1)]).toEqual(['/dashboard', '/team']);
    // Security is a page reached from the user menu: routed, not in the sidebar.
    expect(CUSTOM_PAGES.map((page) => page.path)).toContain('/security');
    expect(RESOURCES.length + CUSTOM_PAGES.length).toBe(SCREENS.length);
    expect(SCREENS.filter(isResource).map((r) => r.data.name)).toEqual(RESOURCES.map((r) => r.data.name));
    for (const item of MENU_ITEMS) expect(lookup(item.label), item.label).not.toBe(item.label);
  });

  it('names each list’s relation by the naming rule: its base table, or an admin_ view of it', () => {
    for (const data of RESOURCE_DATA.filter((d) => !d.reads)) {
      expect(baseTable(data), data.name).toBe(data.name.replaceAll('-', '_'));
      expect([baseTable(data), `admin_${baseTable(data)}`], data.name).toContain(readRelation(data));
    }
    // Spot checks of what a reader sees: the route with a hyphen, the table with an underscore.
    expect(readRelation(RESOURCE_DATA.find((d) => d.name === 'health-tips')!)).toBe('health_tips');
    expect(readRelation(RESOURCE_DATA.find((d) => d.name === 'scans')!)).toBe('admin_scans');
  });

  it("declares the command palette's kinds: admin_search's kinds, each named and opened", () => {
    // The kinds public.admin_search returns (supabase/schemas/31_app_data_admin_reads.sql), in the sidebar's order.
    expect([...PALETTE_KINDS.keys()]).toEqual([
      'scans',
      'profiles',
      'users',
      'chats',
      'news',
      'health-tips',
      'tags',
      'contact-messages',
      'team',
    ]);
    for (const kind of PALETTE_KINDS.values()) expect(lookup(kind.label), kind.label).not.toBe(kind.label);
    expect(PALETTE_KINDS.get('scans')?.opens('s1')).toBe('/scans/s1/show');
    expect(PALETTE_KINDS.get('users')?.opens('u1')).toBe('/users/u1');
    expect(PALETTE_KINDS.get('tags')?.opens('t1')).toBe('/tags/t1');
  });

  it("takes each screen's access from its descriptor; a page without one follows its path's screen", () => {
    for (const screen of SCREENS)
      expect(OPERATOR_ACCESS[screenKey(screen)], screenPath(screen)).toBeDefined();
    expect(Object.keys(OPERATOR_ACCESS)).toEqual([...new Set(SCREENS.map(screenKey))]);
    // A page's own data (the Notifications page's history list) is named as the page, so follows it.
    for (const screen of SCREENS)
      if (screen.data) expect(screen.data.name, screenPath(screen)).toBe(screenKey(screen));
  });
});

/** The roles' screens as the product rules give them (docs/product-rules.md), one cell at a time. */
describe('canOperate', () => {
  it.each([
    ['owner', 'scans', 'list', true],
    ['support', 'scans', 'show', true],
    ['support', 'scans', 'delete', false],
    ['editor', 'scans', 'list', false],
    ['editor', 'users', 'list', false],
    ['support', 'users', 'show', true],
    ['editor', 'news', 'create', true],
    ['editor', 'health-tips', 'delete', true],
    ['support', 'news', 'list', true],
    ['support', 'news', 'edit', false],
    ['support', 'tags', 'create', false],
    ['editor', 'contact-messages', 'list', false],
    ['support', 'contact-messages', 'edit', true],
    ['editor', 'notifications', 'list', false],
    ['support', 'notifications', 'create', true],
    ['editor', 'audit-log', 'list', true],
    ['editor', 'trash', 'restore', true],
    ['support', 'trash', 'delete', false],
    ['owner', 'trash', 'delete', true],
    ['editor', 'security', 'edit', true],
    ['support', 'team', 'list', false],
    ['editor', 'team', 'list', false],
    ['owner', 'team', 'edit', true],
    ['editor', 'dashboard', 'list', true],
    ['editor', 'payments', 'list', false],
    ['editor', 'news.title', 'read', true],
    ['editor', 'scans.name', 'read', false],
    ['owner', 'unknown-screen', 'list', false],
  ] as const)('%s on %s (%s): %s', (role, resource, action, expected) => {
    expect(canOperate(role, resource, action)).toBe(expected);
  });
});

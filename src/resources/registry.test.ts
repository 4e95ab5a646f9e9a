import { lookup } from '../i18n/lookup';
import { readRelation } from '../providers/resourceData';
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
    expect(MENU_ITEMS.map((item) => item.path)).toEqual([
      '/dashboard',
      '/scans',
      '/profiles',
      '/users',
      '/chats',
      '/messages',
      '/notifications',
      '/news',
      '/payments',
      '/health-tips',
      '/tags',
      '/audit-log',
      '/contact-messages',
      '/trash',
      '/team',
    ]);
    // Security is a page reached from the user menu: routed, not in the sidebar.
    expect(CUSTOM_PAGES.map((page) => page.path)).toContain('/security');
    expect(RESOURCES.length + CUSTOM_PAGES.length).toBe(SCREENS.length);
    expect(SCREENS.filter(isResource).map((r) => r.data.name)).toEqual(RESOURCES.map((r) => r.data.name));
    for (const item of MENU_ITEMS) expect(lookup(item.label), item.label).not.toBe(item.label);
  });

  it('gives the data provider the descriptors’ tables, searches and seeks', () => {
    expect(
      Object.fromEntries(
        RESOURCE_DATA.map((d) => [d.name, [readRelation(d), d.seek ?? false, d.searchColumns ?? null]]),
      ),
    ).toEqual({
      scans: ['admin_scans', true, ['name', 'category']],
      profiles: ['admin_profiles', true, ['name', 'relationship']],
      users: ['users', false, null],
      chats: ['admin_chats', true, ['title']],
      notifications: ['admin_notifications', true, null],
      news: ['news', true, ['title', 'content']],
      'health-tips': ['health_tips', true, ['tip']],
      tags: ['tags', true, ['label', 'key', 'category']],
      'audit-log': ['audit_log', false, ['actor_email', 'record_id']],
      'contact-messages': [
        'contact_messages',
        true,
        ['first_name', 'last_name', 'email', 'subject', 'message'],
      ],
      trash: ['trash', false, ['label', 'deleted_by_email']],
    });
  });

  it("declares the command palette's kinds: admin_search's kinds, each named and opened", () => {
    // The kinds public.admin_search returns (supabase/migrations/20241101003000_palette.sql), in the sidebar's order.
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

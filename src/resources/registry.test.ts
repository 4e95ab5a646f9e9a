import { lookup } from '../i18n/lookup';
import { isResource, screenPath } from './kit';
import { CUSTOM_PAGES, MENU_ITEMS, PALETTE_KINDS, RESOURCE_DATA, RESOURCES, SCREENS } from './index';

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
      expect(Boolean(data.reads) && Boolean(data.table ?? data.seekTable)).toBe(false);
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
        RESOURCE_DATA.map((d) => [d.name, [d.table ?? d.name, d.seekTable ?? null, d.searchColumns ?? null]]),
      ),
    ).toEqual({
      scans: ['admin_scans', 'scans', ['name', 'category']],
      profiles: ['admin_profiles', 'profiles', ['name', 'relationship']],
      users: ['users', null, null],
      chats: ['admin_chats', 'chats', ['title']],
      admin_notifications: ['admin_notifications', 'notifications', null],
      news: ['news', 'news', ['title', 'content']],
      'health-tips': ['health_tips', 'health_tips', ['tip']],
      tags: ['tags', 'tags', ['label', 'key', 'category']],
      'audit-log': ['audit_log', null, ['actor_email', 'record_id']],
      'contact-messages': [
        'contact_messages',
        'contact_messages',
        ['first_name', 'last_name', 'email', 'subject', 'message'],
      ],
      trash: ['trash', null, ['label', 'deleted_by_email']],
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
});

import { memoryStore } from 'react-admin';
import { createAdminStore } from './adminStore';

const baseStore = () => {
  const store = memoryStore();
  store.setup();
  return store;
};
import { readSidebarCookie } from './sidebarCookie';

function setViewport(mobile: boolean) {
  window.matchMedia = ((query: string) => ({ matches: mobile, media: query })) as typeof window.matchMedia;
}

/** The DOM's own document.cookie accessor, on whichever prototype of document defines it. */
function cookieAccessor(): PropertyDescriptor {
  for (let proto = Object.getPrototypeOf(document); proto; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertyDescriptor(proto, 'cookie');
    if (found) return found;
  }
  throw new Error('document.cookie has no accessor');
}

function clearSidebarCookie() {
  document.cookie = 'sidebar_state=; max-age=0; path=/admin';
}

describe('the sidebar state store', () => {
  const cookieWrites: string[] = [];
  const cookie = cookieAccessor();

  beforeEach(() => {
    // The cookie is scoped to /admin.
    window.history.pushState({}, '', '/admin/dashboard');
    cookieWrites.length = 0;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        cookieWrites.push(value);
        cookie.set!.call(document, value);
      },
    });
    clearSidebarCookie();
    cookieWrites.length = 0;
  });

  afterEach(() => {
    Reflect.deleteProperty(document, 'cookie');
  });

  it('on desktop, writes sidebar_state for 7 days under /admin and starts from it next time', () => {
    setViewport(false);
    const store = createAdminStore(baseStore());
    expect(store.getItem('sidebar.open', true)).toBe(true);
    store.setItem('sidebar.open', false);
    expect(cookieWrites).toEqual(['sidebar_state=false; path=/admin; max-age=604800; SameSite=Lax']);
    expect(store.getItem('sidebar.open', true)).toBe(false);
    expect(createAdminStore(baseStore()).getItem('sidebar.open', true)).toBe(false);
  });

  it('on a phone, the drawer starts closed whatever the cookie says, and opening it is not remembered', () => {
    setViewport(false);
    createAdminStore(baseStore()).setItem('sidebar.open', true);
    setViewport(true);
    cookieWrites.length = 0;
    const store = createAdminStore(baseStore());
    expect(store.getItem('sidebar.open', false)).toBe(false);
    store.setItem('sidebar.open', true);
    expect(store.getItem('sidebar.open', false)).toBe(true);
    expect(cookieWrites).toEqual([]);
    expect(readSidebarCookie()).toBe(true);
  });

  it('leaves every other key to react-admin', () => {
    setViewport(false);
    const store = createAdminStore(baseStore());
    store.setItem('scans.listParams', { page: 2 });
    expect(store.getItem('scans.listParams')).toEqual({ page: 2 });
    expect(cookieWrites).toEqual([]);
  });
});

it('keeps the language shown through a reset (a sign-out), and nothing else', () => {
  const store = createAdminStore(baseStore());
  store.setItem('locale', 'hi');
  store.setItem('tags.listParams', { page: 2 });
  store.reset();
  expect(store.getItem('locale')).toBe('hi');
  expect(store.getItem('tags.listParams')).toBeUndefined();
});

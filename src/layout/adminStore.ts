import { localStorageStore, type Store } from 'react-admin';
import { readSidebarCookie, writeSidebarCookie } from './sidebarCookie';
import { isMobileViewport, SIDEBAR } from './sidebarConfig';

/**
 * react-admin's local-storage store, except that the desktop sidebar state lives in a 7-day cookie.
 * The mobile drawer always starts closed and its state is not remembered. A sign-out (react-admin
 * resets the store) keeps the language shown: the signed-out pages keep to it (src/i18n/locales.ts).
 */
export function createAdminStore(base: Store = localStorageStore(undefined, 'labellens-admin')): Store {
  // react-admin re-reads the value after each change, so the store keeps it for the session.
  let sidebarOpen = isMobileViewport() ? false : readSidebarCookie();
  return {
    ...base,
    getItem<T>(key: string, defaultValue?: T): T | undefined {
      if (key !== SIDEBAR.storeKey) return base.getItem(key, defaultValue);
      // This key only ever holds a boolean.
      return (sidebarOpen ?? defaultValue) as T | undefined;
    },
    setItem: (key, value) => {
      if (key === SIDEBAR.storeKey && typeof value === 'boolean') {
        sidebarOpen = value;
        if (!isMobileViewport()) writeSidebarCookie(value);
      }
      base.setItem(key, value);
    },
    reset: () => {
      const locale: unknown = base.getItem('locale');
      base.reset();
      if (locale !== undefined) base.setItem('locale', locale);
    },
  };
}

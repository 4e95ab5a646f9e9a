/**
 * Whether this page was opened from the service worker's copy and the server has since sent a
 * different one (a deploy): set once by the worker's message (src/serviceWorker/register.ts), read
 * by the page's notice (PageNotices) through useSyncExternalStore.
 */
let outdated = false;
const listeners = new Set<() => void>();

export const newVersion = {
  get: () => outdated,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  found() {
    if (outdated) return;
    outdated = true;
    for (const listener of listeners) listener();
  },
};

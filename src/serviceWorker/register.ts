import { NEW_VERSION_MESSAGE, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from './protocol';

/**
 * Registers the admin's service worker once the page has loaded (so its download never competes
 * with the page's own), and calls `onNewVersion` when the page was opened from the worker's copy
 * and the server has since sent another (src/serviceWorker/sw.ts).
 */
export function registerServiceWorker(onNewVersion: () => void) {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === NEW_VERSION_MESSAGE) onNewVersion();
  });
  // Messages that came before this listener wait for it.
  navigator.serviceWorker.startMessages();
  const register = () =>
    void navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: 'none' })
      .catch(() => undefined); // without it, every load goes to the server as before
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

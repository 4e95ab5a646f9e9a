import { newVersion } from './newVersion';

/**
 * Whether an import() failed because its chunk (or a stylesheet it needs) could not be fetched, as
 * when the page was opened from the worker's copy after a deploy removed that file from the host:
 * Chromium's, Firefox's and Safari's messages for a module that never arrived, and Vite's for a
 * stylesheet (its preload helper). A chunk that arrived and threw while running is not one.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Any import() of the built app that fails for a missing chunk, wherever it was asked for (a
 * screen, a prefetch), shows the new-version notice: the page is older than the host's files.
 * Vite's preload helper dispatches `vite:preloadError` for every failed import(); not cancelled, so
 * the import still fails where it was asked for (lazyComponent waits there instead of failing).
 * Offline, a chunk is missing for want of a network, and the offline notice says so.
 */
export function watchChunkLoads() {
  window.addEventListener('vite:preloadError', (event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (navigator.onLine && isChunkLoadError(payload)) newVersion.found();
  });
}

import { useEffect, useState, type ComponentType, type FunctionComponent, type ReactNode } from 'react';
import { isChunkLoadError } from './serviceWorker/chunkLoad';
import { newVersion } from './serviceWorker/newVersion';

/**
 * A code-split component, as React.lazy makes one, that shows as soon as its chunk has loaded.
 *
 * Under <Suspense>, React 19 holds a lazy component back until at least 300 ms after the fallback
 * appeared (its FALLBACK_THROTTLE_MS), even when the chunk comes from the cache a few milliseconds
 * later. A reload of a list waited that way twice, for the admin app and then for the list, about
 * 400 ms in all with the page idle. Here the loaded component arrives by a state update, which React
 * commits at once; until then `fallback` shows. Once loaded, it renders at once wherever it mounts.
 * A chunk that cannot be fetched shows the new-version notice (src/serviceWorker/PageNotices.tsx:
 * after a deploy, a page opened from the worker's copy asks for files the host no longer has) and
 * keeps `fallback`; offline, it loads again once the browser is back online. Any other failure is
 * thrown to the nearest error boundary, as with React.lazy. The next mount loads it again. `preload()` starts loading before anything mounts it.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load().then((module) => (loaded = module.default)));

  function LazyComponent(props: P) {
    const [state, setState] = useState<{
      Component?: ComponentType<P>;
      error?: unknown;
      /** The chunk could not be fetched: offline, or gone from the host (a deploy). */
      missing?: 'offline' | 'gone';
    }>(() => ({ Component: loaded }));
    const waiting = !state.Component && state.error === undefined && !state.missing;
    // Asked for while rendering, as React.lazy does, so the chunk is on its way before the commit.
    if (waiting) start().catch(() => undefined);
    useEffect(() => {
      if (!waiting) return;
      let mounted = true;
      start().then(
        (Component) => mounted && setState({ Component }),
        (error: unknown) => {
          loading = undefined; // the next mount asks again
          if (!mounted) return;
          if (!isChunkLoadError(error)) return setState({ error });
          if (navigator.onLine) newVersion.found();
          setState({ missing: navigator.onLine ? 'gone' : 'offline' });
        },
      );
      return () => {
        mounted = false;
      };
    }, [waiting]);
    // Offline, the chunk is asked for again once the browser is back online.
    useEffect(() => {
      if (state.missing !== 'offline') return;
      const retry = () => setState({});
      window.addEventListener('online', retry, { once: true });
      return () => window.removeEventListener('online', retry);
    }, [state.missing]);
    if (state.error !== undefined) throw state.error;
    const { Component } = state;
    return Component ? <Component {...props} /> : fallback;
  }
  return Object.assign(LazyComponent, {
    loader: load,
    preload() {
      // A failed preload leaves nothing behind: the first mount loads again and shows its error.
      start().catch(() => {
        loading = undefined;
      });
    },
  });
}

export type LazyComponent<P extends object = object> = FunctionComponent<P> & {
  /** The function given, which imports the chunk: the build reads which module it names (scripts/screenPages.ts). */
  loader: () => Promise<unknown>;
  preload(): void;
};

import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_META, prefetchAdminCode } from './prefetchAdmin';

/** The signed-out page's HTML as the build writes it (scripts/adminChunks.ts). */
function signedOutPage(): Document {
  const doc = document.implementation.createHTMLDocument('sign in');
  doc.head.innerHTML = `<meta name="${PREFETCH_META}" content="/assets/App-1.js /assets/vendor-App-2.js" />`;
  return doc;
}

const prefetched = (doc: Document) =>
  [...doc.querySelectorAll<HTMLLinkElement>('link')].map((link) => ({
    rel: link.rel,
    priority: link.getAttribute('fetchpriority'),
    crossOrigin: link.crossOrigin,
    href: link.getAttribute('href'),
  }));

function withConnection(connection: object | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

describe('prefetchAdminCode (the sign-in page fetches the admin while the person types)', () => {
  afterEach(() => {
    withConnection(undefined);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('adds a low-priority module preload of each chunk once the page is idle, none before', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => (idle = callback));
    const doc = signedOutPage();
    prefetchAdminCode(doc);
    expect(prefetched(doc)).toEqual([]);
    idle?.();
    expect(prefetched(doc)).toEqual([
      { rel: 'modulepreload', priority: 'low', crossOrigin: 'anonymous', href: '/assets/App-1.js' },
      { rel: 'modulepreload', priority: 'low', crossOrigin: 'anonymous', href: '/assets/vendor-App-2.js' },
    ]);
  });

  it('waits half a second where there is no requestIdleCallback (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    Reflect.deleteProperty(window, 'requestIdleCallback');
    const doc = signedOutPage();
    prefetchAdminCode(doc);
    vi.advanceTimersByTime(499);
    expect(prefetched(doc)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(prefetched(doc)).toHaveLength(2);
  });

  it.each([
    ['Save-Data', { saveData: true, effectiveType: '4g' }],
    ['a 2G connection', { saveData: false, effectiveType: '2g' }],
    ['a slow 2G connection', { saveData: false, effectiveType: 'slow-2g' }],
  ])('fetches nothing on %s', (_label, connection) => {
    withConnection(connection);
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callback());
    const doc = signedOutPage();
    prefetchAdminCode(doc);
    expect(prefetched(doc)).toEqual([]);
  });
});

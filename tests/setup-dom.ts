import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { i18nProvider, loadMessages } from '../src/i18n/i18nProvider';
import { DEFAULT_LOCALE } from '../src/i18n/locales';

// Screens here make real HTTP round trips to the stand-in on PGlite; on a busy two-core machine one
// sign-in can take seconds, so findBy/waitFor wait up to 10 s instead of Testing Library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

// MUI's styles (the one emotion cache every component uses) are dropped when a test file ends.
// Otherwise they pile up over a worker's files (about 2,000 style elements by the end) and every
// getComputedStyle, which role queries and text areas call on each element, walks all of them. Not after each test: a file's tests render the same screens, and re-inserting every rule
// for each test (emotion serialising it, the DOM parsing a new style element) cost more than the
// few rules a file keeps.
const emotionCache = (() => {
  const { result, unmount } = renderHook(() => useEmotionCache());
  unmount();
  return result.current;
})();

afterEach(() => {
  cleanup();
});
afterAll(() => {
  if (!emotionCache) return;
  emotionCache.sheet.flush();
  for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
});

// Test files share their worker's window (vitest.config.ts: isolate false). What a file changes on
// it goes when the file ends: fake timers, spies and stubbed globals, and window.matchMedia (a
// file's stand-in without addEventListener breaks MUI's useMediaQuery in the next file).
// (Assigned back, not redefined: vitest's DOM globals are accessors onto the environment's window.)
const environmentMatchMedia = window.matchMedia;
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.matchMedia = environmentMatchMedia;
  localStorage.clear();
  sessionStorage.clear();
});

// The admin's language is one provider per worker, and react-admin's store keeps the choice in
// localStorage (cleared above): each file starts in English. A file that ended while its switch to
// Hindi still waited for the Hindi catalogue (a test timed out) would otherwise switch the next file
// to Hindi when the catalogue arrives; awaiting the same catalogue first lets that switch land before
// this one.
beforeAll(async () => {
  await loadMessages('hi');
  await i18nProvider.changeLocale(DEFAULT_LOCALE);
});

import { memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../adminDataProvider';
import { isLazy } from './kit';
import { firstRead, preloadScreen, SCREENS } from './index';
import { dashboardPage } from './pages';
import scans from './scans';

/** Every code-split screen of the registry, with its preload replaced by a spy. */
function spyOnPreloads() {
  return SCREENS.flatMap((screen) => {
    const component = 'screens' in screen ? screen.screens.list : screen.page;
    return isLazy(component)
      ? [{ component, preload: vi.spyOn(component, 'preload').mockImplementation(() => undefined) }]
      : [];
  });
}

afterEach(() => vi.restoreAllMocks());

describe('preloadScreen', () => {
  it.each([
    ['/scans', scans.screens.list],
    ['/scans/42/show', scans.screens.list],
    ['/', dashboardPage.page],
    ['/dashboard', dashboardPage.page],
  ])('%s starts loading the screen it opens, and only that one', (path, screen) => {
    const spies = spyOnPreloads();
    expect(spies.map(({ component }) => component)).toContain(screen);
    preloadScreen(path);
    for (const { component, preload } of spies)
      expect(preload).toHaveBeenCalledTimes(component === screen ? 1 : 0);
  });

  it('starts nothing for an address that opens no screen', () => {
    const spies = spyOnPreloads();
    preloadScreen('/login');
    preloadScreen('/no-such-screen');
    for (const { preload } of spies) expect(preload).not.toHaveBeenCalled();
  });
});

describe('firstRead', () => {
  it("names the dashboard's figures for / and /dashboard, a method the admin's data provider has", () => {
    const store = memoryStore();
    expect([firstRead('/', { search: '' }, store), firstRead('/dashboard', { search: '' }, store)]).toEqual([
      ['getDashboardStats'],
      ['getDashboardStats'],
    ]);
    expect(typeof createDataProvider().getDashboardStats).toBe('function');
  });

  it("names a person's page's nothing (it is no list), and nothing for an address that opens no screen", () => {
    const store = memoryStore();
    expect(
      ['/users/42', '/login', '/no-such-screen'].map((path) => firstRead(path, { search: '' }, store)),
    ).toEqual([undefined, undefined, undefined]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLazy } from './kit';
import { preloadScreen, SCREENS } from './index';
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

import { describe, expect, it, vi } from 'vitest';
import { isLazy } from './kit';
import { preloadScreen, SCREENS } from './index';
import { dashboardPage } from './pages';
import scans from './scans';

describe('preloadScreen', () => {
  it.each([
    ['/scans', scans.screens.list],
    ['/scans/42/show', scans.screens.list],
    ['/', dashboardPage.page],
    ['/dashboard', dashboardPage.page],
  ])('%s starts loading the screen it opens, and only that one', (path, screen) => {
    const spies = SCREENS.flatMap((s) => {
      const component = 'screens' in s ? s.screens.list : s.page;
      return isLazy(component)
        ? [[component, vi.spyOn(component, 'preload').mockImplementation(() => undefined)] as const]
        : [];
    });
    expect(spies.map(([component]) => component)).toContain(screen);
    preloadScreen(path);
    for (const [component, spy] of spies) expect(spy).toHaveBeenCalledTimes(component === screen ? 1 : 0);
    vi.restoreAllMocks();
  });

  it('starts nothing for an address that opens no screen', () => {
    const spies = SCREENS.flatMap((s) => {
      const component = 'screens' in s ? s.screens.list : s.page;
      return isLazy(component) ? [vi.spyOn(component, 'preload').mockImplementation(() => undefined)] : [];
    });
    preloadScreen('/login');
    preloadScreen('/no-such-screen');
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

import { lookup } from '../i18n/lookup';
import { MENU_ITEMS, SCREENS } from '../resources';
import { isResource, screenKey, screenPath } from '../resources/kit';
import { documentTitle } from './documentTitle';
import { screenTitleKey } from './useScreenDocumentTitle';

describe('tab titles', () => {
  it('names every screen of the registry, its dialogs with it, and an unknown path as not found', () => {
    const titles = SCREENS.map((screen) => documentTitle(lookup(screenTitleKey(screenPath(screen)))));
    // Each screen by its sidebar entry (a page below another screen's path, a person's page at
    // /users/:id, by that screen's, as its dialogs are), else by its declared title (Security).
    SCREENS.forEach((screen, index) => {
      const entry = MENU_ITEMS.find((item) => item.path === `/${screenKey(screen)}`);
      const key = entry?.label ?? (isResource(screen) ? undefined : screen.title);
      expect(key, screenPath(screen)).toBeDefined();
      expect(titles[index]).toBe(documentTitle(lookup(key!)));
    });
    expect(titles).toContain('Contact Inbox · LabelLens Admin');
    expect(titles).toContain('Security · LabelLens Admin');
    expect(titles.filter((title) => title === 'Users · LabelLens Admin')).toHaveLength(2);
    expect(titles.filter((title) => title.startsWith('labellens.'))).toEqual([]);
    expect(screenTitleKey('/')).toBe('labellens.menu.dashboard');
    expect(screenTitleKey('/scans/3f2a/show')).toBe('labellens.menu.scans');
    expect(screenTitleKey('/scansx')).toBe('labellens.titles.not_found');
    expect(lookup(screenTitleKey('/no-such-screen'))).toBe('Page not found');
  });
});

import { lookup } from '../i18n/lookup';
import { SCREENS } from '../resources';
import { screenPath } from '../resources/kit';
import { documentTitle } from './documentTitle';
import { screenTitleKey } from './useScreenDocumentTitle';

describe('tab titles', () => {
  it('names every screen of the registry, its dialogs with it, and an unknown path as not found', () => {
    const titles = SCREENS.map((screen) => documentTitle(lookup(screenTitleKey(screenPath(screen)))));
    expect(titles).toEqual([
      'Dashboard · LabelLens Admin',
      'Scans · LabelLens Admin',
      'Profiles · LabelLens Admin',
      'Users · LabelLens Admin',
      // A person's page (/users/:id) is named as the Users screen, as its dialogs are.
      'Users · LabelLens Admin',
      'Chats · LabelLens Admin',
      'Messages · LabelLens Admin',
      'Notifications · LabelLens Admin',
      'News · LabelLens Admin',
      'Payments · LabelLens Admin',
      'Health Tips · LabelLens Admin',
      'Tags · LabelLens Admin',
      'Audit Log · LabelLens Admin',
      'Contact Inbox · LabelLens Admin',
      'Trash · LabelLens Admin',
      'Team · LabelLens Admin',
      'Security · LabelLens Admin',
    ]);
    expect(screenTitleKey('/')).toBe('labellens.menu.dashboard');
    expect(screenTitleKey('/scans/3f2a/show')).toBe('labellens.menu.scans');
    expect(screenTitleKey('/scansx')).toBe('labellens.titles.not_found');
    expect(lookup(screenTitleKey('/no-such-screen'))).toBe('Page not found');
  });
});

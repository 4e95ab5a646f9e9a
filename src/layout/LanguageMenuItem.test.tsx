import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18nProvider } from '../i18n/i18nProvider';
import { supabaseClient } from '../providers';
import { renderAdmin } from '../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';
import { forgetSavedLocale } from './savedLocale';

const standIn = setUpStandInServer();
const WAIT = { timeout: 20_000 };

const savedLocale = async () =>
  (
    await standIn
      .db()
      .query<{ locale: string | null }>(
        `select raw_user_meta_data ->> 'locale' as locale from auth.users where email = $1`,
        [DEMO.admin.email],
      )
  ).rows[0].locale;

const openUserMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  // jsdom's window is narrow: the user menu is its icon button, named "Profile" in the language shown.
  await user.click(await screen.findByRole('button', { name: /^(Profile|प्रोफ़ाइल)$/ }, WAIT));
  return screen.findByRole('menu', undefined, WAIT);
};

// Other files of the run share the provider (vitest.config.ts: isolate false): English again after.
afterAll(() => i18nProvider.changeLocale('en'));

it("saves the operator's language to their account from the user menu, and a new sign-in elsewhere shows it", async () => {
  expect(await savedLocale()).toBeNull();
  await signIn(DEMO.admin);
  renderAdmin('/admin/tags');
  await screen.findByRole('heading', { level: 1, name: 'Tags Management' }, WAIT);
  const user = userEvent.setup();

  let menu = await openUserMenu(user);
  expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await user.click(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' }));

  await screen.findByRole('heading', { level: 1, name: 'टैग प्रबंधन' }, WAIT);
  expect(document.documentElement.lang).toBe('hi');
  await vi.waitFor(async () => expect(await savedLocale()).toBe('hi'), WAIT);

  // Another device: nothing kept in the browser, a new sign-in. The account's choice applies.
  cleanup();
  await supabaseClient.auth.signOut({ scope: 'local' });
  localStorage.clear();
  await i18nProvider.changeLocale('en');
  forgetSavedLocale();
  expect(document.documentElement.lang).toBe('en');
  await signIn(DEMO.admin);
  renderAdmin('/admin/tags');
  await screen.findByRole('heading', { level: 1, name: 'टैग प्रबंधन' }, WAIT);
  expect(document.documentElement.lang).toBe('hi');

  // And back to English, saved too.
  menu = await openUserMenu(user);
  expect(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' })).toHaveAttribute('aria-checked', 'true');
  await user.click(within(menu).getByRole('menuitemradio', { name: 'English' }));
  await vi.waitFor(async () => expect(await savedLocale()).toBe('en'), WAIT);
  expect(document.documentElement.lang).toBe('en');
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18nProvider } from '../i18n/i18nProvider';
import { renderAdmin } from '../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';
import { followSavedLocale, forgetSavedLocale } from './savedLocale';

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
  // The test DOM's window is 1024 px wide: the user menu is a button named by the operator.
  await user.click(await screen.findByRole('button', { name: DEMO.admin.email }, WAIT));
  return screen.findByRole('menu', undefined, WAIT);
};

// Other files of the run share the provider (vitest.config.ts: isolate false): English again after.
afterAll(() => i18nProvider.changeLocale('en'));

it("shows the admin in the language chosen in the user menu at once, and saves it to the operator's account", async () => {
  expect(await savedLocale()).toBeNull();
  await signIn(DEMO.admin);
  renderAdmin('/admin/tags');
  await screen.findByRole('heading', { level: 1, name: 'Tags Management' }, WAIT);
  const user = userEvent.setup();

  let menu = await openUserMenu(user);
  expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await user.click(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' }));

  await screen.findByRole('heading', { level: 1, name: 'टैग प्रबंधन' }, WAIT);
  expect(document.documentElement.lang).toBe('hi');
  await vi.waitFor(async () => expect(await savedLocale()).toBe('hi'), WAIT);

  // And back to English, saved too.
  menu = await openUserMenu(user);
  expect(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' })).toHaveAttribute('aria-checked', 'true');
  await user.click(within(menu).getByRole('menuitemradio', { name: 'English' }));
  await vi.waitFor(async () => expect(await savedLocale()).toBe('en'), WAIT);
  expect(document.documentElement.lang).toBe('en');
  // A whole admin in two languages: the Hindi catalogue's first load (every screen's strings) is
  // part of it, and on a busy machine the whole takes more than the suite's 30 s.
}, 60_000);

it('applies a saved language at a sign-in, and again only when the account brings a new one', () => {
  const applied: string[] = [];
  const apply = (locale: string) => applied.push(locale);
  const operator = (locale?: string) => ({ id: 'operator-1', user_metadata: locale ? { locale } : {} });
  forgetSavedLocale();
  followSavedLocale(operator('hi'), apply); // the sign-in
  followSavedLocale(operator('hi'), apply); // the same session seen again (a remount, a refresh)
  followSavedLocale(operator(), apply); // never chose: the browser's language stays
  followSavedLocale(operator('en'), apply); // chosen on another device, brought by a refreshed session
  followSavedLocale({ ...operator('hi'), id: 'operator-2' }, apply); // another operator signs in here
  followSavedLocale(operator('xx'), apply); // not a language of the admin
  forgetSavedLocale(); // signed out
  followSavedLocale({ ...operator('hi'), id: 'operator-2' }, apply);
  expect(applied).toEqual(['hi', 'en', 'hi', 'hi']);
});

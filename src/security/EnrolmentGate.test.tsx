import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { totpCode } from '../../mocks/supabase/auth/mfaTesting';
import { renderAdmin } from '../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';

const standIn = setUpStandInServer();
const WAIT = { timeout: 20_000 };

// Factors mandatory for every admin; the demo admin has none yet.
beforeAll(() => standIn.db().query('update public.admin_settings set mfa_required = true where id = 1'));

const menuLinks = () => screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());

it('keeps an admin without a factor on the Security page, with only Security and Logout in the menu, until a verified factor and an aal2 session', async () => {
  await signIn(DEMO.admin);
  renderAdmin('/admin/news');

  const notice = await screen.findByTestId('enrolment-required', undefined, WAIT);
  expect(notice).toHaveTextContent('Set up an authenticator app to continue');
  expect(notice).toHaveTextContent(
    'Two-step verification is required for every admin. Set up an authenticator app here and enter a code from it; the rest of the back-office opens once you have.',
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
  expect(menuLinks()).toEqual(['Security', 'Logout']);

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
  const dialog = await screen.findByRole('dialog', undefined, WAIT);
  await user.click(within(dialog).getByRole('button', { name: 'Set up an authenticator app' }));
  const secret = (await within(dialog).findByTestId('totp-secret', undefined, WAIT)) as HTMLInputElement;
  await user.type(within(dialog).getByLabelText('Enter the 6-digit code'), totpCode(secret.value));
  await user.click(within(dialog).getByRole('button', { name: 'Verify and finish' }));

  // Verified at aal2: the notice goes and the whole menu is back.
  await screen.findByText('Authenticator app added', undefined, WAIT);
  await vi.waitFor(() => expect(screen.queryByTestId('enrolment-required')).toBeNull(), WAIT);
  await vi.waitFor(() => expect(menuLinks()).toContain('News'), WAIT);
  expect(menuLinks().at(-1)).toBe('Logout');
});

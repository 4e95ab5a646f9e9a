import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeJwt } from 'jose';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { totpCode, wrongTotpCode } from '../../mocks/supabase/auth/mfaTesting';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import LoginRoute from '../login/LoginRoute';
import { supabaseClient } from '../providers/supabaseClient';
import { LocationProbe } from '../test/LocationProbe';
import { setUpStandInServer } from '../test/standInServer';
import { typeInto } from '../test/typeInto';

setUpStandInServer();

const MFA_ADMIN = DEMO_ACCOUNTS.find((a) => 'totpSecret' in a)!;
const SECRET = 'totpSecret' in MFA_ADMIN ? MFA_ADMIN.totpSecret : '';
const WAIT = { timeout: 20_000 };

it('asks an admin with an authenticator app for its code after the password: a wrong code is refused, the right one (pasted with a space) lets them in at aal2', async () => {
  render(
    <MemoryRouter initialEntries={['/admin/login']}>
      <Routes>
        <Route path="/admin/login" element={<LoginRoute />} />
        <Route path="/admin/*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await typeInto(user, await screen.findByLabelText(/Email/, undefined, WAIT), MFA_ADMIN.email);
  await typeInto(user, screen.getByLabelText(/Password/), MFA_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));

  const code = await screen.findByLabelText('Enter the 6-digit code', undefined, WAIT);
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(code).toHaveAttribute('inputmode', 'numeric');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(screen.getByTestId('code-error')).toHaveTextContent('Enter all 6 digits.');

  await user.type(code, wrongTotpCode(SECRET));
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(
    await screen.findByText(
      'That code is not right. Check your authenticator app and try again.',
      undefined,
      WAIT,
    ),
  ).toBeInTheDocument();

  const current = totpCode(SECRET);
  await user.clear(code);
  await user.click(code);
  await user.paste(`${current.slice(0, 3)} ${current.slice(3)}`);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByTestId('location', undefined, WAIT)).toHaveTextContent('/admin/dashboard');
  const { data } = await supabaseClient.auth.getSession();
  expect(decodeJwt(data.session!.access_token).aal).toBe('aal2');
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import { supabaseClient } from '../providers/supabaseClient';
import { LocationProbe } from '../test/LocationProbe';
import { typeInto } from '../test/typeInto';
import { DEMO, signIn, setUpStandInServer } from '../test/standInServer';
import { TEST_SUPABASE_URL } from '../../mocks/supabase/auth/testClient';
import LoginRoute from './LoginRoute';

const standIn = setUpStandInServer();

function renderLogin(entry: InitialEntry = '/admin/login', onPasswordAccepted?: (next: string) => void) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/admin/login" element={<LoginRoute onPasswordAccepted={onPasswordAccepted} />} />
        <Route path="/admin/*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Fills both fields as a paste would: these tests are about the sign-in, not about typing. */
async function fill(credentials: { email: string; password: string }) {
  const user = userEvent.setup();
  await typeInto(
    user,
    await screen.findByLabelText(/Email/, undefined, { timeout: 5000 }),
    credentials.email,
  );
  await typeInto(user, screen.getByLabelText(/Password/), credentials.password);
  return user;
}

async function submit(credentials: { email: string; password: string }) {
  const user = await fill(credentials);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

const session = async () => (await supabaseClient.auth.getSession()).data.session;

describe('admin login page', () => {
  it('shows the title, an email-type and a password field, and Sign In', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Email/)).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('signs an active admin in, showing Signing in... with everything disabled, then goes to the dashboard', async () => {
    // The password's answer waits until the screen under way has been seen (it falls through to
    // the stand-in when released), however fast the round trip is.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    standIn.msw().use(http.post(`${TEST_SUPABASE_URL}/auth/v1/token`, () => held.then(() => undefined)));
    renderLogin();
    const user = await fill(DEMO.admin);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByLabelText(/Email/)).toBeDisabled();
    expect(screen.getByLabelText(/Password/)).toBeDisabled();
    release();
    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/admin/dashboard');
    expect(JSON.parse(location.dataset.state!)).toEqual({ welcome: true });
    expect((await session())?.user.email).toBe(DEMO.admin.email);
  });

  it('returns to the deep link first asked for, which it names as soon as the password is accepted', async () => {
    const accepted = vi.fn();
    renderLogin(
      { pathname: '/admin/login', state: { nextPathname: '/admin/scans', nextSearch: '?page=2' } },
      accepted,
    );
    await submit(DEMO.admin);
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/scans?page=2');
    expect(accepted.mock.calls).toEqual([['/admin/scans?page=2']]);
  });

  it("passes the provider's message through for a wrong password, inline and as a toast", async () => {
    const accepted = vi.fn();
    renderLogin('/admin/login', accepted);
    await submit({ email: DEMO.admin.email, password: 'wrong-password' });
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid login credentials');
    expect(await screen.findByTestId('login-toast')).toHaveTextContent('Invalid login credentials');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(await session()).toBeNull();
    expect(accepted).not.toHaveBeenCalled();
  });

  it.each([
    ['an app user', DEMO.user],
    ['an inactive admin', DEMO.inactiveAdmin],
  ])('refuses %s and signs them out at once', async (_who, account) => {
    renderLogin();
    await submit(account);
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Access denied. Admin privileges required.',
    );
    expect(await screen.findByTestId('login-toast')).toHaveTextContent(
      'Access denied. Admin privileges required.',
    );
    expect(await session()).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('requires both fields before calling the server', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it('sends an admin who is already signed in straight on, after a loading state', async () => {
    await signIn(DEMO.admin);
    renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/dashboard');
  });
});

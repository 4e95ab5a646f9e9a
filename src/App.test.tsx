import { screen } from '@testing-library/react';
import { supabaseClient } from './providers/supabaseClient';
import { renderAdmin } from './test/renderAdmin';
import { expectedSidebar } from './test/expectedScreens';
import { DEMO, signIn, setUpStandInServer } from './test/standInServer';

const server = setUpStandInServer();

const WAIT = { timeout: 20_000 };

describe('the /admin access guard', () => {
  it('shows Verifying access... then sends a visitor without a session to /admin/login, remembering the deep link', async () => {
    renderAdmin('/admin/scans?page=2');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying access...');
    const location = await screen.findByTestId('location', undefined, WAIT);
    expect(location).toHaveTextContent('/admin/login');
    expect(JSON.parse(location.dataset.state!)).toMatchObject({
      nextPathname: '/admin/scans',
      nextSearch: '?page=2',
    });
  });

  it.each([
    ['an app user', DEMO.user],
    ['an inactive admin', DEMO.inactiveAdmin],
  ])('sends %s with a valid session to /admin/login and signs them out', async (_who, account) => {
    await signIn(account);
    renderAdmin('/admin/dashboard');
    expect(await screen.findByTestId('location', undefined, WAIT)).toHaveTextContent('/admin/login');
    expect((await supabaseClient.auth.getSession()).data.session).toBeNull();
  });

  it('lets an active admin in: header, the sidebar in the registry order, and the dashboard at /admin', async () => {
    await signIn(DEMO.admin);
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' }, WAIT)).toBeInTheDocument();
    expect(screen.getAllByText('LabelLens Admin').length).toBeGreaterThan(0);
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());
    // The registry's order, every screen for an owner (Team is the owners' alone), labels from the catalogue.
    expect(items).toEqual(expectedSidebar('owner'));
    expect(items[0]).toBe('Dashboard');
    expect(items.slice(-2)).toEqual(['Team', 'Logout']);
  });

  it.each([
    ['/admin/messages', 'Messages management is coming soon.'],
    ['/admin/payments', 'Payments management is coming soon.'],
  ])('%s shows a coming-soon placeholder', async (path, text) => {
    await signIn(DEMO.admin);
    renderAdmin(path);
    expect(await screen.findByText(text, undefined, WAIT)).toBeInTheDocument();
  });

  it('/admin/health-tips lists the health_tips table, newest first', async () => {
    await signIn(DEMO.admin);
    renderAdmin('/admin/health-tips');
    const { rows } = await server
      .db()
      .query<{ tip: string }>('select tip from public.health_tips order by created_at desc limit 1');
    expect(await screen.findByText(rows[0].tip, undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Health Tip/ })).toBeInTheDocument();
  });
});

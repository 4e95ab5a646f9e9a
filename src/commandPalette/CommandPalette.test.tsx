import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { renderAdmin } from '../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';

/**
 * The command palette and a person's page below <Admin>, against the stand-in: what each role is
 * offered, one request per pause in typing, and the page's one read.
 */
const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };
const USER = DEMO_ACCOUNTS[1];
const USER_ID = '00000000-0000-4000-8000-000000000002';
const editor = DEMO_ACCOUNTS.find((account) => account.email === 'editor@labellens.dev')!;

/** The paths of the RPCs the app calls from now on. */
function rpcCalls() {
  const calls: string[] = [];
  server.msw().events.on('request:start', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/rest/v1/rpc/')) calls.push(pathname.slice('/rest/v1/rpc/'.length));
  });
  return calls;
}

async function openPalette() {
  await screen.findByRole('button', { name: 'Search' }, WAIT);
  await userEvent.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Search and commands' });
  return dialog;
}

const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('option')
    .map((option) => option.textContent ?? '');

describe('the command palette', { timeout: 60_000 }, () => {
  afterEach(() => server.msw().events.removeAllListeners());

  it('finds a person by part of their email in one request, and opens their page on Enter', async () => {
    await signIn(DEMO.admin);
    renderAdmin('/admin/dashboard');
    const dialog = await openPalette();
    expect(within(dialog).getByRole('combobox')).toHaveFocus();
    expect(optionNames(dialog)).toEqual(
      expect.arrayContaining([
        'DashboardScreen',
        'Invite an operatorAction',
        'New articleAction',
        'Sign outAction',
      ]),
    );
    const calls = rpcCalls();
    await userEvent.keyboard('user@labell');
    const person = await within(dialog).findByRole(
      'option',
      { name: new RegExp(`^${USER.email} ?User`) },
      WAIT,
    );
    expect(person).toHaveAttribute('aria-selected', 'true');
    expect(
      within(dialog).getByRole('option', {
        name: new RegExp(`^Send a notification to ${USER.email} ?Action$`),
      }),
    ).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^2 results$/);
    // Typed in one burst: one search, for the whole text.
    expect(calls.filter((call) => call === 'admin_search')).toEqual(['admin_search']);

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: USER.email }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Search and commands' })).not.toBeInTheDocument();
  });

  it("an Enter typed within the pause opens the new text's hit, not the one still shown for the text before", async () => {
    await signIn(DEMO.admin);
    renderAdmin('/admin/dashboard');
    const dialog = await openPalette();
    await userEvent.keyboard('user@labell');
    await within(dialog).findByRole('option', { name: new RegExp(`^${USER.email} ?User`) }, WAIT);
    // The whole new text and Enter at once: well within the pause before its search.
    const box = within(dialog).getByRole('combobox');
    fireEvent.change(box, { target: { value: editor.email } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: editor.email }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: USER.email })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Search and commands' })).not.toBeInTheDocument();
  });

  it('offers an editor content and its actions, and finds no app user', async () => {
    await signIn(editor);
    renderAdmin('/admin/news');
    const dialog = await openPalette();
    const names = optionNames(dialog);
    expect(names).toEqual(expect.arrayContaining(['NewsScreen', 'New articleAction', 'New tagAction']));
    for (const absent of [
      'ScansScreen',
      'UsersScreen',
      'Invite an operatorAction',
      'Send a notificationAction',
    ])
      expect(names).not.toContain(absent);
    await userEvent.keyboard('user@labell');
    expect(await within(dialog).findByText('Nothing found', {}, WAIT)).toBeVisible();
    expect(within(dialog).queryAllByRole('option')).toHaveLength(0);
  });
});

describe("a person's page", { timeout: 60_000 }, () => {
  afterEach(() => server.msw().events.removeAllListeners());

  it('shows the account and every section from one read, with links to the filtered lists', async () => {
    await signIn(DEMO.admin);
    const calls = rpcCalls();
    renderAdmin(`/admin/users/${USER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: USER.email }, WAIT)).toBeInTheDocument();
    for (const name of ['Basic Information', 'Account Status', 'Activity Timeline'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    const { rows } = await server.db().query<{ scans: number; profiles: number }>(
      `select (select count(*)::int from public.scans where user_id = $1) as scans,
              (select count(*)::int from public.profiles where user_id = $1) as profiles`,
      [USER_ID],
    );
    const scans = screen.getByRole('region', { name: `Recent scans (${rows[0].scans})` });
    expect(within(scans).getAllByRole('listitem')).toHaveLength(5);
    expect(within(scans).getByRole('link', { name: `View all ${rows[0].scans}` })).toHaveAttribute(
      'href',
      `/admin/scans?${new URLSearchParams({ filter: JSON.stringify({ user_id: USER_ID }) })}`,
    );
    const profiles = screen.getByRole('region', { name: `Family profiles (${rows[0].profiles})` });
    expect(within(profiles).getByRole('link', { name: 'Priya Sharma · Spouse' })).toBeInTheDocument();
    expect(within(profiles).getByText('Allergy: Peanuts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send notification' })).toHaveAttribute(
      'href',
      `/admin/notifications?to=${USER_ID}`,
    );
    await waitFor(() => expect(calls.filter((call) => call === 'admin_person')).toEqual(['admin_person']));
  });

  it('is no screen for an editor', async () => {
    await signIn(editor);
    renderAdmin(`/admin/users/${USER_ID}`);
    expect((await screen.findAllByText('No access', {}, WAIT)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: USER.email })).not.toBeInTheDocument();
  });
});

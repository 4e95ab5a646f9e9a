import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderList } from '../../test/renderPage';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';
import { bodyRows, cellsOf } from '../../test/tableRows';
import { typeInto } from '../../test/typeInto';
import UsersList from './UsersList';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };
const RPC = 'http://localhost:54321/rest/v1/rpc/admin_list_users';

async function dataRows() {
  await screen.findByText(/^1-\d+ of \d+$/, {}, WAIT);
  return bodyRows(screen.getByRole('table'));
}

describe('Users', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(DEMO.admin));

  it('lists auth users newest first with status, provider, phone and activity', async () => {
    const { rows: expected } = await server.db().query<{
      id: string;
      email: string;
      phone: string | null;
      status: string;
      provider: string;
      last: string | null;
    }>(
      `select id::text, email::text, phone,
              case when banned_until is not null then 'Banned' when email_confirmed_at is not null then 'Verified' else 'Unverified' end as status,
              coalesce(raw_app_meta_data->>'provider', 'email') as provider, last_sign_in_at::text as last
         from auth.users where deleted_at is null order by created_at desc, id limit 25`,
    );
    const total = (
      await server
        .db()
        .query<{ n: number }>('select count(*)::int as n from auth.users where deleted_at is null')
    ).rows[0].n;
    renderList('users', <UsersList />, '/admin/users');
    const rows = await dataRows();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByTestId('users-found')).toHaveTextContent(`${total} users found`);
    expect(rows).toHaveLength(expected.length);
    expected.forEach((user, i) => {
      const cells = cellsOf(rows[i]);
      expect(cells[0]).toHaveTextContent(`${user.email}${user.id.slice(0, 8)}`);
      expect(cells[1]).toHaveTextContent(user.status);
      const provider = ['google', 'github', 'facebook', 'twitter'].includes(user.provider)
        ? 'OAuth'
        : 'Email';
      expect(cells[2]).toHaveTextContent(provider);
      expect(cells[3]).toHaveTextContent(user.phone ?? 'No phone');
      if (!user.last) expect(cells[5]).toHaveTextContent('Unknown');
    });
    expect(expected.map((u) => u.status)).toEqual(expect.arrayContaining(['Banned', 'Verified']));
  });

  it('searches by email, phone or id in the RPC', async () => {
    renderList('users', <UsersList />, '/admin/users');
    await dataRows();
    // Pasted: one change and one debounced search (typing re-rendered the filter form per key).
    await typeInto(
      userEvent.setup(),
      screen.getByPlaceholderText('Search by email, phone or ID...'),
      'priya 98765',
    );
    // Shown under the heading, and announced by the list's polite live region.
    const found = await screen.findAllByText('1 user found', {}, WAIT);
    expect(
      found.map((element) => element.getAttribute('data-testid') ?? element.getAttribute('role')),
    ).toEqual(['users-found', 'status']);
    const rows = await dataRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('priya.patel@example.in');
  });

  it('shows the three detail sections and links to the user’s records', async () => {
    renderList('users', <UsersList />, '/admin/users/00000000-0000-4000-8000-000000000002/show');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await within(dialog).findByText('Basic Information', {}, WAIT);
    for (const section of ['Basic Information', 'Account Status', 'Activity Timeline'])
      expect(within(dialog).getByRole('region', { name: section })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'user@labellens.dev' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View scans' })).toHaveAttribute(
      'href',
      `/admin/scans?filter=${encodeURIComponent(JSON.stringify({ user_id: '00000000-0000-4000-8000-000000000002' }))}`,
    );
  });

  it('clears the list and shows the listing error with a count of 0', async () => {
    let failing = true;
    server
      .msw()
      .use(
        http.post(RPC, () =>
          failing
            ? HttpResponse.json(
                { code: 'XX000', message: 'boom', details: null, hint: null },
                { status: 500 },
              )
            : undefined,
        ),
      );
    renderList('users', <UsersList />, '/admin/users');
    expect(await screen.findByText('Failed to fetch users from Supabase Auth', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByTestId('users-found')).toHaveTextContent('0 users found');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await dataRows()).length).toBeGreaterThan(0);
  });

  it('shows "No Users Found" with its hint when the RPC returns no one', async () => {
    // Every real database has at least the signed-in admin, so an empty answer is simulated.
    server.msw().use(http.post(RPC, () => HttpResponse.json([], { headers: { 'Content-Range': '*/0' } })));
    renderList('users', <UsersList />, '/admin/users');
    expect(await screen.findByText('No Users Found', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Users will appear here once they register.')).toBeInTheDocument();
  });
});

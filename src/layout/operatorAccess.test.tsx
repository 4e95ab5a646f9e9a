import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '../domain/format';
import { renderAdmin } from '../test/renderAdmin';
import { expectedSidebar } from '../test/expectedScreens';
import { signIn, setUpStandInServer } from '../test/standInServer';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

/** An operator of the given role, made in this file's own database. */
async function operator(role: 'editor' | 'support') {
  const account = { email: `${role}-screens@labellens.dev`, password: `Screens-${role}-1` };
  const { rows } = await server.db().query<{ id: string }>(
    `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data)
     values (gen_random_uuid(), $1, extensions.crypt($2, extensions.gen_salt('bf', 4)), now(), '{"provider":"email"}')
     on conflict do nothing returning id`,
    [account.email, account.password],
  );
  if (rows[0])
    await server
      .db()
      .query('insert into public.admin_users (user_id, role) values ($1, $2)', [rows[0].id, role]);
  return account;
}

const menu = () => screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());

describe('the screens follow the operator role', () => {
  it("shows an editor only the editor's menu", async () => {
    await signIn(await operator('editor'));
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' }, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(menu()).toEqual(expectedSidebar('editor')));
    // Content, the trail and the trash; no person's data, no team.
    expect(menu()).toEqual(expect.arrayContaining(['Dashboard', 'News', 'Audit Log', 'Trash', 'Logout']));
    expect(menu()).not.toContain('Scans');
    expect(menu()).not.toContain('Users');
    expect(menu()).not.toContain('Team');
  });

  it('shows support the support menu: no team, no settings, the content read-only', async () => {
    await signIn(await operator('support'));
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' }, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(menu()).toEqual(expectedSidebar('support')));
    expect(menu()).not.toContain('Team');
  });

  it.each([
    ['a resource list', '/admin/scans'],
    ['a resource record', '/admin/contact-messages/1/show'],
    ['a page', '/admin/payments'],
  ])('tells an editor who follows a direct link to %s they have no access', async (_what, path) => {
    await signIn(await operator('editor'));
    renderAdmin(path);
    expect(await screen.findAllByRole('heading', { name: 'No access' }, WAIT)).not.toHaveLength(0);
    expect(
      screen.getByText(
        'Your role does not include this screen. An owner can change your role on the Team screen.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the actions follow the operator role', () => {
  /** What the Tags list offers on the row of "Organic". */
  const organicRow = async () => (await screen.findByText('Organic', undefined, WAIT)).closest('tr')!;
  const rowActions = (row: HTMLElement) => ({
    edit: within(row).queryAllByRole('link', { name: 'Edit' }).length,
    delete: within(row).queryAllByRole('button', { name: 'Delete' }).length,
    statusSwitch: within(row).queryAllByRole('switch', { name: 'Active: Organic' }).length,
    select: within(row).queryAllByRole('checkbox').length,
  });

  it('offers support no edit, delete, status switch or selection on content it may only read', async () => {
    await signIn(await operator('support'));
    renderAdmin('/admin/tags');
    const row = await organicRow();
    expect(rowActions(row)).toEqual({ edit: 0, delete: 0, statusSwitch: 0, select: 0 });
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).toBeNull();
    // No empty Actions column either.
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('offers an editor every action on the same rows', async () => {
    await signIn(await operator('editor'));
    renderAdmin('/admin/tags');
    const row = await organicRow();
    await waitFor(
      () => expect(rowActions(row)).toEqual({ edit: 1, delete: 1, statusSwitch: 1, select: 1 }),
      WAIT,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it("opens no form for support who follows a link to a record's edit dialog", async () => {
    await signIn(await operator('support'));
    const { rows } = await server
      .db()
      .query<{ id: string }>(`select id from public.tags where key = 'organic'`);
    renderAdmin(`/admin/tags/${rows[0].id}`);
    await organicRow();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the Team screen', () => {
  it('lists the operators to an owner and deactivates one after a confirmation, in the trail', async () => {
    const editor = await operator('editor');
    await signIn({ email: 'admin@labellens.dev', password: 'LabelLens-admin-1' });
    renderAdmin('/admin/team');
    const row = (await screen.findByText(editor.email, undefined, WAIT)).closest('tr')!;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    // Last sign-in in the admin's one date format, on the operators' clock, whatever the browser's
    // ("Never" for an account that has not signed in).
    const { rows: signIns } = await server
      .db()
      .query<{ email: string; at: string | null }>(
        `select email, last_sign_in_at as at from auth.users where email = any($1) order by email`,
        [['admin@labellens.dev', editor.email]],
      );
    for (const { email, at } of signIns) {
      const cells = screen.getByText(email, { selector: 'td' }).closest('tr')!;
      expect(cells).toHaveTextContent(at ? formatDateTime(at) : 'Never');
    }
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText(`Deactivate ${editor.email}? They lose access at their next request.`),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(row).getByText('Deactivated')).toBeInTheDocument(), WAIT);
    const { rows } = await server.db().query<{ is_active: boolean; logged: number }>(
      `select a.is_active,
              (select count(*)::int from public.audit_log l
                where l.resource = 'admin_users' and l.record_id = a.id::text
                  and l.changes -> 'is_active' ->> 'new' = 'false') as logged
         from public.admin_users a join auth.users u on u.id = a.user_id where u.email = $1`,
      [editor.email],
    );
    expect(rows).toEqual([{ is_active: false, logged: 1 }]);
  });

  it('tells support the Team screen is not theirs', async () => {
    await signIn(await operator('support'));
    renderAdmin('/admin/team');
    expect(await screen.findAllByRole('heading', { name: 'No access' }, WAIT)).not.toHaveLength(0);
  });
});

describe('the sidebar after signing in', () => {
  it("never paints react-admin's default menu before the real one", async () => {
    await signIn({ email: 'admin@labellens.dev', password: 'LabelLens-admin-1' });
    const seen = new Set<string>();
    const record = () =>
      document
        .querySelectorAll('[role="menuitem"]')
        .forEach((item) => seen.add(item.textContent?.trim() ?? ''));
    const observer = new MutationObserver(record);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderAdmin('/admin');
      expect(await screen.findByRole('heading', { name: 'Dashboard Overview' }, WAIT)).toBeInTheDocument();
      await waitFor(() => expect(menu()).toContain('Team'));
    } finally {
      observer.disconnect();
    }
    // The default menu names resources by react-admin's own labels; the real one uses the catalogue's.
    expect(
      [...seen].filter((text) => /News articles|Health tips|Audit entries|Contact messages/.test(text)),
    ).toEqual([]);
  });
});

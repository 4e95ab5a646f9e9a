import { render, screen, waitFor } from '@testing-library/react';
import {
  AdminContext,
  EditButton,
  RecordContextProvider,
  ResourceContextProvider,
  useCanAccess,
  type AuthProvider,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../i18n/i18nProvider';
import { ADMIN_BASE } from '../routes';
import { createQueryClient } from './queryClient';

const rows = [{ id: 'tip-1' }, { id: 'tip-2' }, { id: 'tip-3' }];

/** The list's own check (as RouteDialogs asks it), and the rows once `showRows`. */
function List({ showRows }: { showRows: boolean }) {
  const { canAccess } = useCanAccess({ action: 'edit' });
  return (
    <>
      <p>{canAccess === undefined ? 'checking' : `list may edit: ${String(canAccess)}`}</p>
      {showRows &&
        rows.map((record) => (
          <RecordContextProvider key={record.id} value={record}>
            <EditButton />
          </RecordContextProvider>
        ))}
    </>
  );
}

function renderList(canAccess: AuthProvider['canAccess'], showRows: boolean) {
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => undefined,
    canAccess,
  } satisfies AuthProvider;
  const queryClient = createQueryClient();
  const tree = (show: boolean) => (
    <MemoryRouter initialEntries={['/admin/health-tips']}>
      <AdminContext
        basename={ADMIN_BASE}
        i18nProvider={i18nProvider}
        authProvider={authProvider}
        queryClient={queryClient}
      >
        <ResourceContextProvider value="health-tips">
          <List showRows={show} />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>
  );
  const view = render(tree(showRows));
  return { showRows: () => view.rerender(tree(true)) };
}

describe("the admin's query client", () => {
  it("answers every row's access check with the list's, asked once", async () => {
    const canAccess = vi.fn(async () => true);
    const list = renderList(canAccess, false);
    await screen.findByText('list may edit: true');

    list.showRows();

    // Drawn with the rows, in the same render: no second pass once answers come.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/admin/health-tips/tip-1',
      '/admin/health-tips/tip-2',
      '/admin/health-tips/tip-3',
    ]);
    expect(canAccess).toHaveBeenCalledTimes(1);
    expect(canAccess).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'edit', resource: 'health-tips' }),
    );
  });

  it('shows no row its Edit button when the list may not edit', async () => {
    const canAccess = vi.fn(async () => false);
    const list = renderList(canAccess, false);
    await screen.findByText('list may edit: false');

    list.showRows();

    expect(screen.queryAllByRole('link')).toEqual([]);
    await waitFor(() => expect(canAccess).toHaveBeenCalledTimes(1));
  });
});

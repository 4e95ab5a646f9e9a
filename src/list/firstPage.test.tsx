import { render, screen } from '@testing-library/react';
import {
  AdminContext,
  DataTable,
  memoryStore,
  ResourceContextProvider,
  type DataProvider,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { withEarlyReads } from '../providers/earlyReads';
import { firstRead } from '../resources';
import { scansData } from '../resources/scans/data';
import { ADMIN_BASE } from '../routes';
import { AdminList } from './AdminList';

/** A data provider that answers every list with one scan and counts its reads. */
function scanProvider() {
  const getList = vi.fn(async (_resource: string, _params: unknown) => ({
    data: [{ id: 'scan-1', name: 'Masala oats' }],
    total: 1,
  }));
  const provider = {
    getList,
    subscribe: async () => undefined,
    unsubscribe: async () => undefined,
  } as unknown as DataProvider & { getList: typeof getList }; // only what a list below <Admin> calls
  return { provider, getList };
}

/**
 * The scans list at `address` (below /admin) with the app's early read started first, as
 * src/App.tsx starts it, from the same store the list reads.
 */
async function openWithEarlyRead(address: string, saved?: Record<string, unknown>) {
  const { provider, getList } = scanProvider();
  const store = memoryStore(saved ? { 'scans.listParams': saved } : {});
  const early = withEarlyReads(provider, async () => 'operator-1');
  const url = new URL(address, 'http://admin.test');
  const read = firstRead(url.pathname, url, store);
  expect(read?.[0]).toBe('getList');
  early.startRead(read!);
  await new Promise((resolve) => setTimeout(resolve, 0));
  render(
    <MemoryRouter initialEntries={[`${ADMIN_BASE}${address}`]}>
      <AdminContext
        basename={ADMIN_BASE}
        dataProvider={early.provider}
        i18nProvider={i18nProvider}
        store={store}
      >
        <ResourceContextProvider value="scans">
          <AdminList resource={scansData}>
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col source="name" />
            </DataTable>
          </AdminList>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  expect(await screen.findByText('Masala oats')).toBeInTheDocument();
  return getList.mock.calls.map(([, params]) => params);
}

describe("a list's first page, started early (firstRead)", () => {
  it('is the read the list makes at its defaults: one request, newest first, 25 rows', async () => {
    expect(await openWithEarlyRead('/scans')).toEqual([
      { pagination: { page: 1, perPage: 25 }, sort: { field: 'created_at', order: 'DESC' }, filter: {} },
    ]);
  });

  it('is the read the list makes with the sort, size and filter the operator left it with', async () => {
    const saved = { sort: 'name', order: 'ASC', page: 1, perPage: 50, filter: { category: 'Snacks' } };
    expect(await openWithEarlyRead('/scans', saved)).toEqual([
      {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'name', order: 'ASC' },
        filter: { category: 'Snacks' },
      },
    ]);
  });

  it("is the read the list makes at an address's own parameters, under a dialog's route too", async () => {
    const query = `?filter=${encodeURIComponent('{"q":"oats"}')}&page=2&perPage=10&sort=name&order=ASC`;
    expect(await openWithEarlyRead(`/scans/scan-1/show${query}`)).toEqual([
      { pagination: { page: 2, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { q: 'oats' } },
    ]);
  });
});

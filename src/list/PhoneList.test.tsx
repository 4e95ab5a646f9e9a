import { render, screen, within } from '@testing-library/react';
import {
  AdminContext,
  ListContextProvider,
  ResourceContextProvider,
  TextField,
  type ListControllerResult,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../i18n/i18nProvider';
import { ADMIN_BASE } from '../routes';
import { FIRST_DRAWN_ROWS, PhoneList } from './PhoneList';

const page = Array.from({ length: 25 }, (_, i) => ({ id: `scan-${i + 1}`, name: `Scan ${i + 1}` }));

function renderRows(data: typeof page) {
  const value = { data, isPending: false, total: data.length } as unknown as ListControllerResult;
  return render(
    <MemoryRouter initialEntries={['/admin/scans?page=2']}>
      <AdminContext basename={ADMIN_BASE} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="scans">
          <ListContextProvider value={value}>
            <PhoneList primary={<TextField source="name" />} />
          </ListContextProvider>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('PhoneList (a page of records as rows on a phone)', () => {
  it('draws a screenful first and then every row of the page, in order, each opening its record', async () => {
    // The rows past the first screenful come in React's next render (a deferred value).
    expect(FIRST_DRAWN_ROWS).toBe(12);
    renderRows(page);
    const list = screen.getByTestId('phone-list');
    await within(list).findByText('Scan 25');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(page.map((record) => record.name));
    expect(within(rows[24]).getByRole('link')).toHaveAttribute('href', '/admin/scans/scan-25/show?page=2');
  });

  it('draws a page shorter than a screenful whole', () => {
    renderRows(page.slice(0, 3));
    expect(within(screen.getByTestId('phone-list')).getAllByRole('listitem')).toHaveLength(3);
  });
});

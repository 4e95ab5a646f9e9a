import { render, screen } from '@testing-library/react';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';
import { ListPagination, formatEstimate } from './ListPagination';

function renderBar(list: Partial<ListControllerResult>) {
  const value = {
    isPending: false,
    page: 1,
    perPage: 25,
    setPage: () => undefined,
    setPerPage: () => undefined,
    hasNextPage: true,
    hasPreviousPage: false,
    ...list,
  } as ListControllerResult;
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <ListContextProvider value={value}>
        <ListPagination />
      </ListContextProvider>
    </AdminContext>,
  );
}

describe('ListPagination', () => {
  it('says "about N" when the total is the planner estimate', () => {
    renderBar({ total: 1_000_180, meta: { totalIsEstimate: true } });
    expect(screen.getByText('1-25 of about 1,000,000')).toBeInTheDocument();
  });

  it('numbers a deep page of an estimated list with separators', () => {
    renderBar({ total: 1_000_180, page: 40_008, meta: { totalIsEstimate: true } });
    expect(screen.getByText('1,000,176-1,000,180 of about 1,000,000')).toBeInTheDocument();
  });

  it('shows an exact total as it is', () => {
    renderBar({ total: 180, meta: { totalIsEstimate: false } });
    expect(screen.getByText('1-25 of 180')).toBeInTheDocument();
  });

  it('rounds estimates to three significant figures', () => {
    expect([formatEstimate(1001), formatEstimate(22_431), formatEstimate(99_960)]).toEqual([
      '1,000',
      '22,400',
      '100,000',
    ]);
  });
});

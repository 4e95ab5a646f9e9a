import { render, screen } from '@testing-library/react';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';
import { ListPagination } from './ListPagination';

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
    expect(screen.getByText('1-25 of about 10,00,000')).toBeInTheDocument();
  });

  it('numbers a deep page of an estimated list with Indian digit grouping', () => {
    renderBar({ total: 1_000_180, page: 40_008, meta: { totalIsEstimate: true } });
    expect(screen.getByText('10,00,176-10,00,180 of about 10,00,000')).toBeInTheDocument();
  });

  it('shows an exact total as it is, grouped like every other count', () => {
    renderBar({ total: 100_180, meta: { totalIsEstimate: false } });
    expect(screen.getByText('1-25 of 1,00,180')).toBeInTheDocument();
  });

  it('says "more than 1,000", with next and previous only, when the operator may not see the estimate', () => {
    renderBar({
      total: undefined,
      page: 3,
      hasPreviousPage: true,
      meta: { totalIsEstimate: false, pastMaxRows: true },
    });
    expect(screen.getByText('51-75 of more than 1,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeEnabled();
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Go to previous page',
      'Go to next page',
    ]);
  });

  it('is not shown while the list is in error', () => {
    const { container } = renderBar({ total: 25, error: new Error('boom') });
    expect(container).toBeEmptyDOMElement();
  });
});

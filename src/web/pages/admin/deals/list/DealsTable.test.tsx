// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deal } from '../../../../../shared/schemas/deals/deals';
import { AuthProvider } from '../../../../app/auth/AuthContext';
import { testDeal } from '../../../../test/deal-fixture';
import { DealsTable } from './DealsTable';

/** The table's own deal: a kettle at £10 (was £20), created 3 Mar 2024, expiring 1 Apr 2024. */
const deal = (over: Partial<Deal>): Deal =>
  testDeal({
    id: 1,
    title: 'Kettle',
    price: 10,
    originalPrice: 20,
    createdAt: '2024-03-03T14:05:00.000Z',
    expiresAt: '2024-04-01T00:00:00.000Z',
    ...over,
  });

function renderTable(deals: Deal[], selectable: boolean) {
  const onSort = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AuthProvider>
          <DealsTable
            deals={deals}
            sort="created_desc"
            onSort={onSort}
            selectable={selectable}
            selected={new Map()}
            onToggle={vi.fn()}
            onToggleAll={vi.fn()}
            disabled={false}
            onDelete={vi.fn()}
          />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSort };
}

afterEach(cleanup);

describe('Deals Management table', () => {
  it('shows the SPEC §2 cell fallbacks', () => {
    const bare = deal({
      id: 2,
      title: 'Mystery',
      price: null,
      category: undefined as never,
      categoryName: '',
      store: undefined as never,
      storeName: '',
      status: 'pending',
      expiresAt: null,
    });
    renderTable([deal({}), bare], false);
    const rows = screen.getAllByRole('row');
    const full = within(rows[1]);
    expect(full.getByText('£10.00')).toBeInTheDocument();
    expect(full.getByText('£20.00')).toHaveClass('line-through');
    expect(full.getByText('Active')).toBeInTheDocument();
    expect(full.getByText('Mar 3, 2024')).toBeInTheDocument();
    expect(full.getByText('Apr 1, 2024')).toBeInTheDocument();
    const empty = within(rows[2]);
    expect(empty.getByText('No price')).toBeInTheDocument();
    expect(empty.getAllByText('N/A')).toHaveLength(2);
    expect(empty.getByText('Pending')).toBeInTheDocument();
    expect(empty.getByText('No expiry')).toBeInTheDocument();
  });

  it('has checkboxes only when selectable and falls back to a placeholder when an image breaks', () => {
    renderTable([deal({})], false);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Kettle' });
    fireEvent.error(img);
    expect(screen.getByTestId('deal-image-placeholder')).toBeInTheDocument();
  });

  it('offers select-all and per-row checkboxes in the pending view, and sorts from the headers', () => {
    const { onSort } = renderTable([deal({ status: 'pending' })], true);
    expect(screen.getByRole('checkbox', { name: 'Select all deals on this page' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Kettle' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Store' }));
    expect(onSort).toHaveBeenCalledWith('store');
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Store' })).toHaveAttribute('aria-sort', 'none');
  });
});

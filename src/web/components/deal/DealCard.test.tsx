// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { AuthProvider } from '../../app/auth/AuthContext';
import { testDeal } from '../../test/deal-fixture';
import { DealCard, type DealCardVariant } from './DealCard';
import { LOWEST_PRICE_LABEL } from './DealBadges';

const deal = testDeal;

function renderCard(d: Deal, variant: DealCardVariant) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AuthProvider>
          <DealCard deal={d} variant={variant} />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('DealCard: "Lowest price we\'ve seen" (docs/notes/products.md)', () => {
  for (const variant of ['grid', 'list'] as const) {
    it(`shows the badge beside the price when the list says so (${variant})`, () => {
      renderCard(deal({ isLowestPrice: true }), variant);
      const badge = screen.getByTestId('card-lowest-price-badge');
      expect(badge).toHaveTextContent(LOWEST_PRICE_LABEL);
      expect(LOWEST_PRICE_LABEL).toBe("Lowest price we've seen");
      // In the price line, next to the price it speaks of.
      expect(badge.parentElement).toHaveTextContent('£199.99');
    });
  }

  it("leaves it off when the deal is not the lowest, or the answer does not say (a single deal's shape)", () => {
    renderCard(deal({ isLowestPrice: false }), 'grid');
    renderCard(deal({}), 'list');
    expect(screen.queryByTestId('card-lowest-price-badge')).toBeNull();
    expect(screen.queryByText(LOWEST_PRICE_LABEL)).toBeNull();
  });

  it('leaves it off an expired deal, whether expired by status or by its date', () => {
    renderCard(deal({ isLowestPrice: true, status: 'expired', isExpired: true }), 'grid');
    renderCard(deal({ isLowestPrice: true, expiresAt: new Date(Date.now() - 60_000).toISOString(), isExpired: true }), 'list');
    expect(screen.getAllByTestId('deal-card')).toHaveLength(2);
    expect(screen.queryByTestId('card-lowest-price-badge')).toBeNull();
  });
});

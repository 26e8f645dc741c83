// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/api';
import { AuthProvider } from '../../app/auth/AuthContext';
import { DealCard, type DealCardVariant } from './DealCard';
import { LOWEST_PRICE_LABEL } from './DealBadges';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const deal = (over: Partial<Deal>): Deal =>
  ({
    id: 7,
    title: 'Bose headphones',
    description: 'Noise cancelling',
    url: 'https://www.argos.co.uk/product/1',
    dealUrl: 'https://www.argos.co.uk/product/1',
    outboundUrl: 'https://www.argos.co.uk/product/1',
    price: 199.99,
    originalPrice: 299.99,
    imageUrl: 'https://cdn.example/b.jpg',
    thumbnailUrl: null,
    coupon: null,
    categoryId: 1,
    categoryName: 'Electronics',
    category: { id: 1, name: 'Electronics', slug: 'electronics' },
    storeId: 1,
    storeName: 'Argos',
    store: { id: 1, name: 'Argos', logoUrl: null, url: null },
    userId: 3,
    userUsername: 'sam',
    status: 'active',
    source: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    publishedAt: null,
    expiresAt: future,
    temperature: 0,
    upvotes: 0,
    downvotes: 0,
    totalVotes: 0,
    commentCount: 0,
    isPending: false,
    isExpired: false,
    ...over,
  }) as Deal;

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

describe('DealCard: "Lowest price we\'ve seen" (issue 14)', () => {
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

  it('leaves it off when the deal is not the lowest, or the answer does not say (a single deal\'s shape)', () => {
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

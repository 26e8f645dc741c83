// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../app/auth/AuthContext';
import { testDeal } from '../../test/deal-fixture';
import { DealGrid } from './DealGrid';

afterEach(cleanup);

const deals = [1, 2, 3, 4].map((id) =>
  testDeal({ id, title: `Deal ${id}`, imageUrl: `/uploads/deals/d${id}.webp`, thumbnailUrl: `/uploads/deals/d${id}-thumb.webp` }),
);

function renderGrid(eagerCount: number) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AuthProvider>
          <DealGrid deals={deals} loading={false} eagerCount={eagerCount} />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return deals.map((d) => screen.getByRole('img', { name: d.title }));
}

describe('DealGrid: the first screen’s pictures (docs/notes/web-performance.md)', () => {
  it('loads the first screen’s pictures eagerly, only the first at high priority (the likely largest paint), the rest lazily', () => {
    const [first, second, third, fourth] = renderGrid(3);
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    for (const img of [second, third]) {
      expect(img).toHaveAttribute('loading', 'eager');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
    expect(fourth).toHaveAttribute('loading', 'lazy');
  });

  it('a list below the first screen asks for nothing early', () => {
    for (const img of renderGrid(0)) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBrowse } from './browse-params';
import { EmptyResults } from './EmptyResults';

afterEach(cleanup);

const draw = (query: string, relaxations?: Parameters<typeof EmptyResults>[0]['relaxations']) =>
  render(
    <MemoryRouter initialEntries={[`/dealsBrowse?${query}`]}>
      <EmptyResults state={parseBrowse(new URLSearchParams(query))} relaxations={relaxations} />
    </MemoryRouter>,
  );

describe('EmptyResults', () => {
  it('offers each filter to drop, with its count, as a link to the browse URL without it', () => {
    draw('search=wombat&category=1&maxPrice=20', [
      { filter: 'price', label: 'Under £20.00', count: 14, query: 'search=wombat&category=1' },
      { filter: 'category', label: 'Electronics', count: 1000, countCapped: true, query: 'search=wombat&maxPrice=20' },
    ]);
    const links = screen.getByTestId('relaxations').querySelectorAll('a');
    expect([...links].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ["Remove 'Under £20.00' — 14 deals", '/dealsBrowse?search=wombat&category=1'],
      ["Remove 'Electronics' — 1,000+ deals", '/dealsBrowse?search=wombat&maxPrice=20'],
    ]);
  });

  it('offers an alert for the search, prefilled with its words and the filters an alert holds', () => {
    draw('search=wombat%20kettle&category=1&store=3&maxPrice=20');
    expect(screen.queryByTestId('relaxations')).toBeNull();
    const alert = screen.getByRole('link', { name: 'Create an alert for this search' });
    expect(alert.getAttribute('href')).toBe('/alerts?query=wombat+kettle&categoryId=1&storeId=3&maxPrice=20');
  });

  it('without a search: only the empty text', () => {
    draw('category=1');
    expect(screen.getByTestId('browse-empty').textContent).toMatch(/^No deals found - Try adjusting/);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NearSpellingNote } from './NearSpellingNote';

afterEach(cleanup);

const draw = (exactMatches: number) =>
  render(
    <MemoryRouter>
      <NearSpellingNote near={{ search: 'samsung tv', typed: 'samsnug tv', exactMatches }} exactHref="?search=samsnug+tv&exact=true" />
    </MemoryRouter>,
  );

describe('NearSpellingNote', () => {
  it('says which search it showed and links to the search as typed', () => {
    draw(0);
    expect(screen.getByTestId('near-spelling').textContent).toMatch(/^Showing results for samsung tvSearch instead for samsnug tv$/);
    expect(screen.getByRole('link', { name: 'samsnug tv' }).getAttribute('href')).toBe('/?search=samsnug+tv&exact=true');
  });

  it('says "also" when the words as typed found some deals, listed first', () => {
    draw(2);
    expect(screen.getByTestId('near-spelling').textContent).toMatch(/^Also showing results for samsung tv/);
  });
});

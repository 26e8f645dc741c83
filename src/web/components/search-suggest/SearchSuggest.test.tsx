// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestions } from '../../../shared/schemas/deals/search';
import { setApiTransport } from '../../api/client';
import { BrowseSearchForm } from '../SearchForm';
import { readRecentSearches } from './recent-searches';

/** The header's box (BrowseSearchForm with suggestions) over a fake API whose answers the test releases. */
const pending: Array<{ q: string; resolve: (s: Suggestions) => void }> = [];
const reply = (sections: Suggestions['sections']): Suggestions => ({ sections });
const SAMS = reply([
  { kind: 'stores', items: [{ id: 7, name: 'Samsung Store' }] },
  { kind: 'categories', items: [{ id: 3, name: 'Samsung Phones', slug: 'samsung-phones' }] },
  { kind: 'deals', items: [{ id: 42, title: 'Samsung 55" QLED TV', temperature: 300 }] },
]);

beforeEach(() => {
  // jsdom lays nothing out: the highlighted option is scrolled to in a browser only.
  Element.prototype.scrollIntoView ??= () => {};
  pending.length = 0;
  setApiTransport(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const q = url.searchParams.get('q') ?? '';
    const body = await new Promise<Suggestions>((resolve, reject) => {
      pending.push({ q, resolve });
      init?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    });
    return new Response(JSON.stringify({ success: true, data: body }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function setup() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <BrowseSearchForm id="header-search" placeholder="Search deals" inputClassName="" suggest="" />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), input: screen.getByRole('searchbox', { name: 'Search deals' }) };
}

const answer = async (q: string, s: Suggestions) => {
  await waitFor(() => expect(pending.map((p) => p.q)).toContain(q));
  await act(async () => pending.find((p) => p.q === q)?.resolve(s));
};

describe('search suggestions as you type (the combobox)', () => {
  it('is a plain search box until focused, then a combobox over its own input', async () => {
    const { user, input } = setup();
    expect(input.getAttribute('role')).toBeNull();
    await user.click(input);
    const box = await screen.findByRole('combobox', { name: 'Search deals' });
    expect(box).toBe(input);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box.getAttribute('aria-controls')).toBe('header-search-suggestions');
  });

  it('suggests from 2 characters in groups, moves with the arrows and opens the highlighted option on Enter', async () => {
    const { user, input } = setup();
    await user.click(input);
    await screen.findByRole('combobox');
    await user.type(input, 's');
    expect(pending).toHaveLength(0);
    await user.type(input, 'ams');
    await answer('sams', SAMS);
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('group').map((g) => g.textContent?.split(/Samsung/)[0])).toEqual(['Shops', 'Categories', 'Deals']);
    expect(list).toHaveTextContent('Samsung 55" QLED TV');
    expect(screen.getByTestId('search-suggestions-status')).toHaveTextContent('3 suggestions.');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const deal = screen.getByRole('option', { name: /QLED TV/ });
    expect(deal).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', deal.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Samsung Store' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Samsung Phones' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/dealsBrowse?category=3');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches the typed text on Enter with nothing highlighted, and keeps it as a recent search', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.type(input, 'kettle{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/dealsBrowse?search=kettle');
    expect(readRecentSearches()).toEqual(['kettle']);
  });

  it('never shows an older answer over a newer one', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.type(input, 'sa');
    await waitFor(() => expect(pending.map((p) => p.q)).toEqual(['sa']));
    await user.type(input, 'msung');
    await waitFor(() => expect(pending.map((p) => p.q)).toContain('samsung'));
    await answer('samsung', reply([{ kind: 'deals', items: [{ id: 1, title: 'Newer answer', temperature: 1 }] }]));
    // The older request was aborted; even were its answer to arrive now, it is for a text the box no longer holds.
    await act(async () => pending.find((p) => p.q === 'sa')?.resolve(reply([{ kind: 'deals', items: [{ id: 2, title: 'Older answer', temperature: 1 }] }])));
    expect(await screen.findByRole('option', { name: /Newer answer/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Older answer/ })).toBeNull();
  });

  it('closes on Escape and opens again on typing', async () => {
    const { user, input } = setup();
    await user.click(input);
    // (Answers are kept per text for the page's life: a text no other test asked.)
    await user.type(input, 'galax');
    await answer('galax', SAMS);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('galax');
    await user.type(input, 'y');
    await answer('galaxy', SAMS);
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
  });

  it('offers recent searches on focus, searches one when chosen, removes one, and clears them', async () => {
    localStorage.setItem('recentSearches', JSON.stringify(['air fryer', 'lego']));
    const { user, input } = setup();
    await user.click(input);
    const options = await screen.findAllByTestId('recent-search');
    expect(options.map((o) => o.textContent)).toEqual(['air fryer×', 'lego×']);
    expect(screen.getByRole('option', { name: 'Clear recent searches' })).toBeInTheDocument();
    // Remove with the pointer.
    await user.click(screen.getAllByTestId('remove-recent-search')[1]);
    expect(readRecentSearches()).toEqual(['air fryer']);
    expect(screen.getByTestId('search-suggestions-status')).toHaveTextContent('Removed lego from recent searches.');
    // Choose with the keyboard: it is searched and moves to the top.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/dealsBrowse?search=air%20fryer');
    expect(input).toHaveValue('air fryer');
    // Shift+Delete removes the highlighted one; "Clear recent searches" empties the list.
    localStorage.setItem('recentSearches', JSON.stringify(['air fryer', 'lego', 'kettle']));
    cleanup();
    const again = setup();
    await again.user.click(again.input);
    await screen.findAllByTestId('recent-search');
    await again.user.keyboard('{ArrowDown}{Shift>}{Delete}{/Shift}');
    expect(readRecentSearches()).toEqual(['lego', 'kettle']);
    await again.user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Clear recent searches' })).toHaveAttribute('aria-selected', 'true');
    await again.user.keyboard('{Enter}');
    expect(readRecentSearches()).toEqual([]);
    expect(again.input).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps working as a plain search box when suggestions cannot be had', async () => {
    setApiTransport(vi.fn().mockRejectedValue(new TypeError('offline')));
    const { user, input } = setup();
    await user.click(input);
    await user.type(input, 'samsung{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/dealsBrowse?search=samsung');
  });
});

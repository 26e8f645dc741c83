// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './Pagination';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('shows page 1, the neighbours of the current page and the last page, with ellipses for gaps', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pageItems(8, 10)).toEqual([1, 'ellipsis', 7, 8, 9, 10]);
  });
  it('puts an ellipsis even where a single page is skipped', () => {
    expect(pageItems(4, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]);
  });
  it('clamps out-of-range pages and handles no pages', () => {
    expect(pageItems(0, 0)).toEqual([]);
    expect(pageItems(99, 5)).toEqual([1, 'ellipsis', 4, 5]);
    expect(pageItems(-3, 5)).toEqual([1, 2, 'ellipsis', 5]);
  });
});

describe('<Pagination>', () => {
  afterEach(cleanup);
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
  it('marks the current page and reports clicks', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={5} totalPages={12} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange.mock.calls).toEqual([[12], [6]]);
  });
});

import { describe, expect, it } from 'vitest';
import { isValidSort, nextSort, sortArrow } from './sort';
import { viewingText } from './viewing-range';

describe('sort arrows (SPEC §2)', () => {
  it('is descending for a key ending _desc and ascending otherwise', () => {
    expect(sortArrow('created_desc', 'created')).toBe('desc');
    expect(sortArrow('created_asc', 'created')).toBe('asc');
    expect(sortArrow('title', 'title')).toBe('asc');
  });

  it('is neutral for a column that is not the sort key', () => {
    expect(sortArrow('created_desc', 'title')).toBe('none');
    expect(sortArrow('updated_asc', 'category')).toBe('none');
  });

  it('toggles the same column and starts another column ascending', () => {
    expect(nextSort('title_asc', 'title')).toBe('title_desc');
    expect(nextSort('title_desc', 'title')).toBe('title_asc');
    expect(nextSort('created_desc', 'store')).toBe('store_asc');
  });

  it('accepts only known keys and directions', () => {
    expect(isValidSort('store_desc')).toBe(true);
    expect(isValidSort('price_desc')).toBe(false);
    expect(isValidSort(null)).toBe(false);
  });
});

describe("'Viewing X to Y of Z deals'", () => {
  it('counts the rows of the current page', () => {
    expect(viewingText(1, 30, 95)).toBe('Viewing 1 to 30 of 95 deals');
    expect(viewingText(4, 30, 95)).toBe('Viewing 91 to 95 of 95 deals');
  });

  it('reads 0 to 0 for an empty list', () => {
    expect(viewingText(1, 30, 0)).toBe('Viewing 0 to 0 of 0 deals');
  });
});

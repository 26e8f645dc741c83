import { describe, expect, it } from 'vitest';
import { dealsUrlParams, parseDealsUrl } from './url-state';

describe('Deals Management URL state', () => {
  it('reads defaults from an empty query', () => {
    expect(parseDealsUrl(new URLSearchParams())).toEqual({ page: 1, status: 'all', category: 'all', store: 'all', search: '', sort: 'created_desc' });
  });

  it('ignores unknown values instead of sending them on', () => {
    const s = parseDealsUrl(new URLSearchParams('page=-2&status=bogus&category=x&store=7&sort=price_desc'));
    expect(s).toMatchObject({ page: 1, status: 'all', category: 'all', store: '7', sort: 'created_desc' });
  });

  it('writes only what differs from the defaults', () => {
    const s = parseDealsUrl(new URLSearchParams('status=pending'));
    expect(dealsUrlParams(s).toString()).toBe('status=pending');
    expect(dealsUrlParams({ ...s, page: 3, search: 'tv', sort: 'title_asc' }).toString()).toBe('page=3&status=pending&search=tv&sort=title_asc');
  });
});

import { describe, expect, it } from 'vitest';
import { toListQuery } from '../../api/deals/deals';
import { applyPatch, browseTitle, dealCountLabel, needsDefaults, parseBrowse, toListParams, toSearchParams } from './browse-params';
import { priceRangeLabel, toggleBucket } from './filters/price-range';

const parse = (qs: string) => parseBrowse(new URLSearchParams(qs));

describe('browse URL state', () => {
  it('fills the defaults and asks for them to be written when status or sort is missing', () => {
    expect(needsDefaults(new URLSearchParams('search=tv'))).toBe(true);
    expect(needsDefaults(new URLSearchParams('status=active&sort=newest'))).toBe(false);
    expect(toSearchParams(parse('search=tv')).toString()).toBe('search=tv&status=active&sort=newest');
  });
  it('omits page and pageSize at their defaults and keeps them otherwise', () => {
    expect(toSearchParams(parse('status=all&sort=hottest&page=1&pageSize=30')).toString()).toBe('status=all&sort=hottest');
    expect(toSearchParams(parse('status=active&sort=newest&page=3&pageSize=60')).toString()).toBe('status=active&sort=newest&page=3&pageSize=60');
  });
  it('treats category/store "all" and junk as no filter and ignores unknown sorts and deal types', () => {
    const s = parse('category=all&store=abc&sort=nope&status=weird&dealType=hot,bogus,free&page=-2');
    expect(s).toMatchObject({ category: undefined, store: undefined, sort: 'newest', status: 'active', dealType: ['hot', 'free'], page: 1 });
  });
  it('keeps "search exactly as typed" for its search only', () => {
    const s = parse('search=samsnug%20tv&exact=true&status=active&sort=newest');
    expect(s.exact).toBe(true);
    expect(toSearchParams(s).toString()).toBe('search=samsnug+tv&status=active&sort=newest&exact=true');
    expect(toListQuery(toListParams(s))).toMatchObject({ search: 'samsnug tv', exact: 'true' });
    expect(applyPatch(s, { category: 3 }).exact).toBe(true);
    expect(applyPatch(s, { search: 'samsung tv' }).exact).toBeUndefined();
    expect(parse('exact=true').exact).toBeUndefined();
    expect(toListQuery(toListParams(parse('search=tv'))).exact).toBeUndefined();
  });
  it('goes back to page 1 on any filter change but not on a page change', () => {
    const s = parse('status=active&sort=newest&page=4');
    expect(applyPatch(s, { category: 3 }).page).toBe(1);
    expect(applyPatch(s, { page: 5 }).page).toBe(5);
  });
  it('sends the API the query rules of SPEC §5: no empty search, no category "all", deal types as a comma list', () => {
    expect(toListQuery(toListParams(parse('status=all&sort=newest&category=all&dealType=hot,warm')))).toMatchObject({
      search: undefined,
      category: undefined,
      // The API defaults a missing status to active, so 'all' must be explicit.
      status: 'all',
      dealType: 'hot,warm',
    });
    expect(toListQuery(toListParams(parse('status=expired&sort=newest&search=%20lego%20')))).toMatchObject({ search: 'lego', status: 'expired' });
  });
});

describe('browseTitle', () => {
  it("adds ' in {category}' and ' at {store}' only when sorted newest", () => {
    expect(browseTitle({ sort: 'newest' })).toBe('Browse Deals');
    expect(browseTitle({ sort: 'newest' }, 'Gaming')).toBe('Browse Deals in Gaming');
    expect(browseTitle({ sort: 'newest' }, undefined, 'Argos')).toBe('Browse Deals at Argos');
    expect(browseTitle({ sort: 'newest' }, 'Gaming', 'Argos')).toBe('Browse Deals in Gaming at Argos');
    expect(browseTitle({ sort: 'hottest' }, 'Gaming', 'Argos')).toBe('Browse Deals');
  });
});

describe('price bucket toggling', () => {
  it('combines several buckets into one range', () => {
    const a = toggleBucket(undefined, undefined, 'under-25');
    expect(a).toEqual({ minPrice: undefined, maxPrice: 25 });
    expect(toggleBucket(a.minPrice, a.maxPrice, '50-100')).toEqual({ minPrice: undefined, maxPrice: 100 });
    expect(toggleBucket(25, 50, 'over-200')).toEqual({ minPrice: 25, maxPrice: undefined });
  });
  it('unticks an edge bucket by shrinking the range and a middle one by keeping what lies below it', () => {
    expect(toggleBucket(undefined, 100, 'under-25')).toEqual({ minPrice: 25, maxPrice: 100 });
    expect(toggleBucket(undefined, 100, '50-100')).toEqual({ minPrice: undefined, maxPrice: 50 });
    expect(toggleBucket(undefined, 200, '50-100')).toEqual({ minPrice: undefined, maxPrice: 50 });
    expect(toggleBucket(undefined, 25, 'under-25')).toEqual({});
  });
  it('labels a range', () => {
    expect(priceRangeLabel(25, 100)).toBe('£25.00 - £100.00');
    expect(priceRangeLabel(undefined, 25)).toBe('Under £25.00');
    expect(priceRangeLabel(200, undefined)).toBe('Over £200.00');
  });
});

describe('dealCountLabel', () => {
  it('says deal or deals, with thousands separators, and 1,000+ when the server stopped counting', () => {
    expect(dealCountLabel(1)).toBe('1 deal');
    expect(dealCountLabel(0)).toBe('0 deals');
    expect(dealCountLabel(1234)).toBe('1,234 deals');
    expect(dealCountLabel(1000, true)).toBe('1,000+ deals');
  });
});

import { describe, expect, it } from 'vitest';
import { affiliateUrl } from './shops/affiliate.js';
import { isExpired, statusLabel } from './deals/deal-status.js';
import { formatGBP, groupDigits, percentOff, toPence, toPounds, youSave } from './money.js';
import { bucketsForRange, combineBuckets } from './deals/price-buckets.js';
import { slugify } from './slug.js';
import { hotScore, temperatureBand } from './deals/temperature.js';

describe('money', () => {
  it('round-trips pounds and pence without float drift', () => {
    expect(toPence(19.99)).toBe(1999);
    expect(toPence(0.1 + 0.2)).toBe(30);
    expect(toPounds(1999)).toBe(19.99);
    expect(toPounds(null)).toBeNull();
  });
  it('formats GBP with two decimals', () => {
    expect(formatGBP(5)).toBe('£5.00');
    expect(formatGBP(1234.5)).toBe('£1,234.50');
  });
  it('writes GBP exactly as Intl en-GB does, without Intl (negative, zero, halves, large, odd amounts)', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [
      0, -0, 0.001, -0.001, 0.005, -0.005, 1.005, 2.675, 0.125, 0.135, 19.99, 999.995, 1000, 1234.5, -1234.5, 999999.999, 1_000_000, 123456789.125, 8.9e13,
    ];
    // Prices as the site holds them (whole pence over 100) and as arithmetic makes them (savings, averages).
    let seed = 7;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 2000; i++) values.push(Math.round(rand() * 10 ** (1 + (i % 9))) / 100, rand() * 10 ** (i % 8) * (i % 3 === 0 ? -1 : 1));
    for (const v of values) expect(formatGBP(v), String(v)).toBe(intl.format(v));
  });
  it('groups whole numbers in threes as en-GB does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, -1234567, 1000000000]) expect(groupDigits(n)).toBe(n.toLocaleString('en-GB'));
  });
  it('computes the rounded percent off and the saving', () => {
    expect(percentOff(75, 100)).toBe(25);
    expect(percentOff(66.66, 100)).toBe(33);
    expect(percentOff(100, 100)).toBe(0);
    expect(percentOff(10, null)).toBe(0);
    expect(youSave(249.99, 379)).toBe(129.01);
  });
});

describe('temperature', () => {
  it.each([
    [51, 'red'],
    [50, 'orange'],
    [26, 'orange'],
    [25, 'yellow'],
    [1, 'yellow'],
    [0, 'grey'],
    [-1, 'light-blue'],
    [-25, 'light-blue'],
    [-26, 'blue'],
  ])('%i is %s', (t, band) => expect(temperatureBand(t)).toBe(band));
  it('ranks a newer deal above an older one of equal heat, and heat matters logarithmically', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(hotScore(10, now)).toBeGreaterThan(hotScore(10, now - 3_600_000));
    expect(hotScore(100, now) - hotScore(10, now)).toBeCloseTo(1);
  });
});

describe('deal status', () => {
  it.each([
    ['pending', 'Pending Review'],
    ['rejected', 'Rejected'],
    ['deleted', 'Deleted'],
  ] as const)('labels %s as the spec says: %s', (status, label) => expect(statusLabel(status)).toBe(label));
  it('treats a past expiry as expired', () => {
    expect(isExpired('active', '2001-01-01T00:00:00Z')).toBe(true);
    expect(isExpired('active', null)).toBe(false);
    expect(isExpired('expired', null)).toBe(true);
  });
});

describe('slugify lowercases, strips punctuation and accents and hyphenates spaces', () => {
  it.each([
    ['Home & Garden', 'home-garden'],
    ["Sainsbury's Deals!", 'sainsburys-deals'],
    ['Café  Crème', 'cafe-creme'],
  ])('%s -> %s', (name, slug) => expect(slugify(name)).toBe(slug));
});

describe('affiliate tagging', () => {
  const cfg = { amazonTag: 'quidsin-21', ebayCampaignId: '5338000000' };
  it('tags amazon links of store 42 only', () => {
    expect(affiliateUrl('https://www.amazon.co.uk/dp/B0?th=1', 42, cfg)).toBe('https://www.amazon.co.uk/dp/B0?th=1&tag=quidsin-21');
    expect(affiliateUrl('https://www.amazon.co.uk/dp/B0', 1, cfg)).toBe('https://www.amazon.co.uk/dp/B0');
    expect(affiliateUrl('https://amazon.evil.com.example/dp', 43, cfg)).toBe('https://amazon.evil.com.example/dp');
  });
  it('tags ebay links of store 43 and leaves others alone', () => {
    const tagged = new URL(affiliateUrl('https://www.ebay.co.uk/itm/123', 43, cfg));
    expect(tagged.searchParams.get('campid')).toBe('5338000000');
    expect(affiliateUrl('https://www.ebay.co.uk/itm/123', 43, {})).toBe('https://www.ebay.co.uk/itm/123');
    expect(affiliateUrl('not a url', 42, cfg)).toBe('not a url');
  });
});

describe('price buckets', () => {
  it('combines several buckets into one range', () => {
    expect(combineBuckets(['under-25'])).toEqual({ minPrice: undefined, maxPrice: 25 });
    expect(combineBuckets(['25-50', '100-200'])).toEqual({ minPrice: 25, maxPrice: 200 });
    expect(combineBuckets(['50-100', 'over-200'])).toEqual({ minPrice: 50, maxPrice: undefined });
    expect(combineBuckets([])).toEqual({});
  });
  it('maps a range back to its buckets', () => {
    expect(bucketsForRange(25, 200)).toEqual(['25-50', '50-100', '100-200']);
    expect(bucketsForRange(undefined, undefined)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type AlertCriteria,
  alertKeys,
  alertMatchesDeal,
  alertQueryKey,
  alertSearch,
  dealMatchText,
  keyPrefixes,
  singular,
  termKey,
  wordStarts,
} from './terms.js';

const facts = (title: string, extra: Partial<{ categoryId: number; storeId: number; pricePence: number | null; temperature: number }> = {}) => {
  const text = dealMatchText([title]);
  return { text, starts: wordStarts(text), categoryId: 1, storeId: 1, pricePence: 1000, temperature: 0, ...extra };
};
const alert = (query: string, extra: Partial<AlertCriteria> = {}): AlertCriteria => ({
  query,
  category_id: null,
  store_id: null,
  max_price_pence: null,
  min_temperature: null,
  ...extra,
});

describe('alert words', () => {
  it('are understood as a search: lower case, letters and digits, accents folded, at most 8 groups', () => {
    const typed = (q: string) => alertSearch(q).groups.map((g) => g.typed);
    expect(typed('  Air-Fryer, 5.5L!! AIR ')).toEqual(['air fryer', '5', '5l', 'air']);
    expect(typed('Café CRÈME brûlée')).toEqual(['cafe', 'creme', 'brulee']);
    expect(typed('a b c d e f g h i j')).toHaveLength(8);
    expect(typed('!!!')).toEqual([]);
    expect(alertSearch('samsung -refurbished').excluded.map((f) => f.words)).toEqual([['refurbished']]);
  });

  it('folds regular English plurals', () => {
    expect(['fryers', 'batteries', 'boxes', 'watches', 'glasses', 'bus', 'tv', 'iris', 'cactus'].map(singular)).toEqual([
      'fryer',
      'battery',
      'box',
      'watch',
      'glass',
      'bus',
      'tv',
      'iris',
      'cactus',
    ]);
  });

  it('matches every typed word as the start of a deal word, either side in the singular', () => {
    const deal = facts('Ninja Air Fryer AF100UK with spare Batteries and a Café mug');
    for (const q of ['air fryer', 'NINJA', 'fry', 'fryers', 'battery', 'batteries', 'af100', 'cafe', 'cafes', 'café mug'])
      expect(alertMatchesDeal(alert(q), deal), q).toBe(true);
    for (const q of ['air oven', 'ryer', 'fryer ninja toaster', 'af200', 'mugger']) expect(alertMatchesDeal(alert(q), deal), q).toBe(false);
  });

  it('uses the search rules: synonyms, model names, screen sizes, phrases and exclusions', () => {
    const tv = facts('Samsung 55" QLED TV');
    const ps5 = facts('Sony PlayStation 5 Slim Digital');
    const refurb = facts('Refurbished Samsung Galaxy S23');
    const fryer = facts('Tower airfryer 4L');
    for (const [q, deal] of [
      ['telly', tv],
      ['samsung television', tv],
      ['55 inch tv', tv],
      ['ps5', ps5],
      ['playstation5', ps5],
      ['air fryer', fryer],
      ['"samsung galaxy"', refurb],
      ['samsung -galaxy', tv],
    ] as const)
      expect(alertMatchesDeal(alert(q), deal), q).toBe(true);
    for (const [q, deal] of [
      ['samsung -refurbished', refurb],
      ['samsung -"galaxy s23"', refurb],
      ['"galaxy samsung"', refurb],
      ['65 inch tv', tv],
      ['xbox', ps5],
    ] as const)
      expect(alertMatchesDeal(alert(q), deal), q).toBe(false);
  });

  it('checks every filter', () => {
    const deal = facts('Lego Technic', { categoryId: 3, storeId: 42, pricePence: 4999, temperature: 10 });
    expect(alertMatchesDeal(alert('lego', { category_id: 3, store_id: 42, max_price_pence: 4999, min_temperature: 10 }), deal)).toBe(true);
    expect(alertMatchesDeal(alert('lego', { category_id: 2 }), deal)).toBe(false);
    expect(alertMatchesDeal(alert('lego', { store_id: 1 }), deal)).toBe(false);
    expect(alertMatchesDeal(alert('lego', { max_price_pence: 4998 }), deal)).toBe(false);
    expect(alertMatchesDeal(alert('lego', { min_temperature: 11 }), deal)).toBe(false);
    expect(alertMatchesDeal(alert('lego', { max_price_pence: 100_00 }), { ...deal, pricePence: null })).toBe(false);
  });

  it('tells two queries apart by their words and exclusions, in any order and case', () => {
    expect(alertQueryKey('TV Samsung')).toBe(alertQueryKey('samsung tv'));
    expect(alertQueryKey('samsung -galaxy')).not.toBe(alertQueryKey('samsung galaxy'));
    expect(alertQueryKey('-a -b samsung')).toBe(alertQueryKey('samsung -b -a'));
  });

  it('indexes an alert under its groups, never its exclusions, keys every matching deal offers', () => {
    expect(alertKeys('sony headphones')[0]).toBe('headphon');
    expect(termKey('batteries')).toBe('batter');
    expect(alertKeys('tv')).toEqual(['tv', '']);
    expect(alertKeys('ps5 pro')[0]).toBe('ps5');
    expect(alertKeys('samsung 55 inch television')).toEqual(['televisi', 'samsung']);
    expect(alertKeys('samsung -refurbished')).toEqual(['samsung', '']);
    expect(alertKeys('"air fryer" -ninja')).toEqual(['fryer', '']);
    const deals = [
      'Sony WH-1000XM5 Wireless Headphone',
      'Duracell AA battery 12 pack',
      'Samsung TV 55"',
      'PlayStation PS5 Pro',
      'Sony PlayStation 5 Slim',
      'LG 65 OLED television',
      'Shark Hoover',
      'Apple iPhones 15',
      'Tower Air Fryer',
      'Refurbished Samsung Galaxy',
    ];
    const queries = [
      'sony headphones',
      'batteries',
      'tv',
      'telly',
      'ps5 pro',
      'ps5',
      'playstation5',
      'aa duracell',
      '65 inch tv',
      '55in samsung',
      'vacuum cleaner',
      'iphone15',
      'airfryer',
      '"air fryer"',
      'samsung -refurbished',
      'samsung -tv',
    ];
    let checked = 0;
    for (const title of deals) {
      const f = facts(title);
      const keys = new Set(keyPrefixes(f.starts));
      for (const q of queries) {
        // Whenever an alert matches, its keys are ones the deal probes (no match is ever missed by the index).
        if (!alertMatchesDeal(alert(q), f)) continue;
        checked++;
        const [k1, k2] = alertKeys(q);
        expect(keys.has(k1) && (k2 === '' || keys.has(k2)), `${q} / ${title}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(15);
  });
});

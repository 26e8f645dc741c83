import { describe, expect, it } from 'vitest';
import { type AlertCriteria, alertMatchesDeal, alertTerms, dealWordSet, keyPrefixes, matchKey, matchKeys, singular, termKey, wordStarts } from './terms.js';

const facts = (title: string, extra: Partial<{ categoryId: number; storeId: number; pricePence: number | null; temperature: number }> = {}) => ({
  starts: wordStarts(dealWordSet([title])),
  categoryId: 1,
  storeId: 1,
  pricePence: 1000,
  temperature: 0,
  ...extra,
});
const alert = (query: string, extra: Partial<AlertCriteria> = {}): AlertCriteria => ({
  query,
  category_id: null,
  store_id: null,
  max_price_pence: null,
  min_temperature: null,
  ...extra,
});

describe('alert words', () => {
  it('splits like the browse search: lower case, letters and digits, 8 distinct words of 40 characters', () => {
    expect(alertTerms('  Air-Fryer, 5.5L!! AIR ')).toEqual(['air', 'fryer', '5', '5l']);
    expect(alertTerms('Café CRÈME brûlée')).toEqual(['cafe', 'creme', 'brulee']);
    expect(alertTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(alertTerms('x'.repeat(60))[0]).toHaveLength(40);
    expect(alertTerms('!!!')).toEqual([]);
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

  it('matches every word as the start of a deal word, either side in the singular', () => {
    const deal = facts('Ninja Air Fryer AF100UK with spare Batteries and a Café mug');
    for (const q of ['air fryer', 'NINJA', 'fry', 'fryers', 'battery', 'batteries', 'af100', 'cafe', 'cafes', 'café mug'])
      expect(alertMatchesDeal(alert(q), deal), q).toBe(true);
    for (const q of ['air oven', 'ryer', 'fryer ninja toaster', 'af200', 'mugger']) expect(alertMatchesDeal(alert(q), deal), q).toBe(false);
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

  it('indexes an alert under its longest word key, which every matching deal has among its key prefixes', () => {
    expect(matchKey(alertTerms('sony headphones'))).toBe('headphon');
    expect(termKey('batteries')).toBe('batter');
    expect(matchKey(alertTerms('tv'))).toBe('tv');
    expect(matchKey(alertTerms('ps5 pro'))).toBe('ps5');
    expect(matchKeys(alertTerms('samsung 55 inch television'))).toEqual(['televisi', 'samsung']);
    expect(matchKeys(alertTerms('tv'))).toEqual(['tv', '']);
    const deals = ['Sony WH-1000XM5 Wireless Headphone', 'Duracell AA battery 12 pack', 'Samsung TV 55"', 'PlayStation PS5 Pro'];
    const queries = ['sony headphones', 'batteries', 'tv', 'ps5 pro', 'aa duracell'];
    for (const title of deals) {
      const f = facts(title);
      const keys = new Set(keyPrefixes(f.starts));
      for (const q of queries) {
        // Whenever an alert matches, its key is one the deal probes (no match is ever missed by the index).
        if (!alertMatchesDeal(alert(q), f)) continue;
        const [k1, k2] = matchKeys(alertTerms(q));
        expect(keys.has(k1) && (k2 === '' || keys.has(k2)), `${q} / ${title}`).toBe(true);
      }
    }
  });
});

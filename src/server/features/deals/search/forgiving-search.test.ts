import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/deal-helpers.js';

/**
 * Synonyms, joined and split words, model names, phrases and exclusions (shared/domain/search/query.ts) in the deal
 * list's search, on whichever engine the harness runs (SQLite, or PostgreSQL with TEST_DATABASE_URL). Each query is
 * asked in the search box's order (newest: SQLite's live index) and in another sort (the general plan).
 */
describe('forgiving search in the deal list', () => {
  let h: Harness;
  const d: Record<string, number> = {};
  const DEALS: Record<string, [string, string]> = {
    samsungTv: ['Samsung 55" QLED 4K Smart TV', 'Quantum dot colour, Tizen apps'],
    lgTv: ['LG 65 inch OLED television', 'Self-lit pixels, Dolby Vision'],
    ps5: ['Sony PlayStation 5 Digital Edition console', 'With a second DualSense controller'],
    vacuum: ['Shark cordless vacuum cleaner', 'Anti hair wrap, 40 minutes run time'],
    trainers: ['Nike Air Max trainers', 'All sizes, white and grey'],
    nappies: ['Pampers Baby-Dry nappies size 4', 'Monthly pack, 180 nappies'],
    tower: ['Tower 4.3L airfryer', 'Rapid air circulation'],
    ninja: ['Ninja Dual Zone Air Fryer AF300UK', 'Two drawers, cooks two foods at once'],
    refurb: ['Refurbished Samsung Galaxy S23 phone', 'Grade A, 12 month warranty'],
    galaxy: ['Samsung Galaxy S24 mobile', 'Unlocked, 256GB'],
  };

  beforeAll(async () => {
    h = await createHarness();
    for (const [k, [title, description]] of Object.entries(DEALS)) d[k] = await insertDeal(h, { title, description });
  });
  afterAll(() => h.close());

  async function found(q: string, sort = 'newest'): Promise<number[]> {
    const res = await h.request({ method: 'GET', url: `/api/deals?search=${encodeURIComponent(q)}&sort=${sort}&pageSize=50` });
    expect(res.status, q).toBe(200);
    return res.body.data.deals.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b);
  }
  const exactly = (...keys: string[]) => keys.map((k) => d[k]).sort((a, b) => a - b);

  it.each([
    ['television', ['samsungTv', 'lgTv']],
    ['telly', ['samsungTv', 'lgTv']],
    ['tv', ['samsungTv', 'lgTv']],
    ['hoover', ['vacuum']],
    ['sneakers', ['trainers']],
    ['diapers', ['nappies']],
    ['color', ['samsungTv']],
    ['gray', ['trainers']],
    ['ps5', ['ps5']],
    ['playstation5', ['ps5']],
    ['playstation 5', ['ps5']],
    ['55 inch', ['samsungTv']],
    ['55"', ['samsungTv']],
    ['65in', ['lgTv']],
    ['4k', ['samsungTv']],
    ['airfryer', ['tower', 'ninja']],
    ['air fryer', ['tower', 'ninja']],
    ['samsung mobile', ['refurb', 'galaxy']],
    ['samsung galaxy -refurbished', ['galaxy']],
    ['samsung -"galaxy s23"', ['samsungTv', 'galaxy']],
    ['"air fryer"', ['ninja']],
    ['"fryer air"', []],
  ])('%s finds exactly its deals, in either plan', async (q, keys) => {
    expect(await found(q)).toEqual(exactly(...keys));
    expect(await found(q, 'hottest')).toEqual(exactly(...keys));
  });

  it('answers hostile input, possibly empty, never an error', async () => {
    for (const q of ['"', '-', '-tv', '"""', 'NEAR(a', 'tv OR', '*', 'title:x', "'; DROP TABLE deals; --", '🎉', 'the of', 'x'.repeat(200), '"55" -"55"']) {
      await found(q);
      await found(q, 'price-asc');
    }
  });

  it('counts the same deals it lists', async () => {
    const res = await h.request({ method: 'GET', url: '/api/deals?search=telly' });
    expect(res.body.data.totalCount).toBe(2);
  });
});

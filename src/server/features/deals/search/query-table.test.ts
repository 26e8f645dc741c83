import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seed/demo.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/**
 * Real queries against the demo data (db/seed/demo-products.ts) and the deal that must come first: typos, UK
 * synonyms and spellings, model names, joined and split words, sizes, phrases and exclusions. [query, first title,
 * near spelling used (when the query is corrected)]. Live and expired deals alike (status=all): the demo's deals
 * change state with time. docs/notes/search.md says how the ranking works.
 */
const TABLE: [query: string, first: RegExp, corrected?: string][] = [
  ['samsung tv', /^Samsung 55" QE55Q60D QLED 4K Smart TV$/],
  ['samsnug tv', /^Samsung 55" QE55Q60D QLED 4K Smart TV$/, 'samsung tv'],
  ['television', /^(Samsung 55"|LG 65").* TV$/],
  ['telly', /^(Samsung 55"|LG 65").* TV$/],
  ['55 inch tv', /^Samsung 55" QE55Q60D/],
  ['55" qled', /^Samsung 55" QE55Q60D/],
  ['65in oled', /^LG 65" OLED65B4/],
  ['playstation5', /^PlayStation 5 Slim|\(PS5\)$/],
  ['ps5 console', /^PlayStation 5 Slim Disc Console$/],
  ['playstation 5', /^PlayStation 5 Slim|\(PS5\)$/],
  ['pressure washer', /^Karcher K4 Power Control Pressure Washer$/],
  ['presure washer', /^Karcher K4 Power Control Pressure Washer$/, 'pressure washer'],
  ['hoover', /Cordless Vacuum/],
  ['vacuum cleaner', /Cordless Vacuum/],
  ['sneakers', /^Adidas Samba OG Trainers$/],
  ['trainers', /^Adidas Samba OG Trainers$/],
  ['sweater', /^M&S Pure Cashmere Crew Neck Jumper$/],
  ['jumper', /^M&S Pure Cashmere Crew Neck Jumper$/],
  ['color', /^Philips Hue White and Colour Starter Kit/],
  ['colour', /^Philips Hue White and Colour Starter Kit/],
  ['tire', /^Michelin Pilot Sport 5/],
  ['tyres', /^Michelin Pilot Sport 5/],
  ['dysen', /^Dyson V/, 'dyson'],
  ['nintendo swtich', /^Nintendo Switch OLED/, 'nintendo switch'],
  ['lego star wars', /^LEGO Star Wars Millennium Falcon/],
  ['millenium falcon', /^LEGO Star Wars Millennium Falcon/, 'millennium falcon'],
  ['kettle', /^Russell Hobbs Honeycomb Kettle$/],
  ['kettel', /^Russell Hobbs Honeycomb Kettle$/, 'kettle'],
  ['head phones', /^Sony WH-1000XM5 Noise Cancelling Headphones$/],
  ['headphones', /^Sony WH-1000XM5 Noise Cancelling Headphones$/],
  ['earphones', /^Bose QuietComfort Ultra Earbuds$/],
  ['"cordless vacuum"', /Cordless Vacuum/],
  ['dyson -refurbished', /^Dyson V11 Absolute Cordless Vacuum$/],
  ['apple -iphone -ipad -macbook', /^Apple AirPods Pro/],
  ['4k blu-ray', /4K Ultra HD Blu-ray$/],
  ['macbook air', /^Apple MacBook Air/],
  ['smart speaker', /Smart Speaker$/],
  ['electric toothbrush', /Electric Toothbrush$/],
  ['coffee machine', /^De'Longhi Magnifica S Bean to Cup Coffee Machine$/],
  // Its stem (sunglas) begins the right word's: found as typed.
  ['sunglases', /^Ray-Ban Wayfarer Classic Sunglasses$/],
  ['duvet', /^Dunelm Hotel Cotton 230 Thread Count Duvet Set King$/],
  ['comforter', /^Dunelm Hotel Cotton 230 Thread Count Duvet Set King$/],
  ['matress', /^Silentnight Memory Foam Mattress King$/, 'mattress'],
  ['running watch', /^Garmin Forerunner 265 GPS Running Watch$/],
  ['power bank', /^Anker 737 Power Bank/],
  ['powerbank', /^Anker 737 Power Bank/],
  ['combi drill', /Combi Drill/],
  ['dishwasher tablets', /^Fairy Platinum Plus Dishwasher Tablets/],
  ['dish washer', /^Fairy Platinum Plus Dishwasher Tablets/],
  ['toothbursh', /Electric Toothbrush$/, 'toothbrush'],
  ['gin', /^Bombay Sapphire Gin 1L$/],
  // A typo in the first two letters: swapped, or the first one wrong.
  ['ekttle', /^Russell Hobbs Honeycomb Kettle$/, 'kettle'],
  ['nattress', /^Silentnight Memory Foam Mattress King$/, 'mattress'],
  // A misspelt exclusion excludes nothing: it is corrected, though the search finds many deals.
  ['dyson -refurbsihed', /^Dyson V11 Absolute Cordless Vacuum$/, 'dyson -refurbished'],
  ['LEGO', /^LEGO /],
];

describe('the search query table (demo data)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await seedDemoData(h.db, { uploadsDir: h.config.uploadsDir });
  }, 60_000);
  afterAll(() => h.close());

  it('has at least 40 queries', () => expect(TABLE.length).toBeGreaterThanOrEqual(40));

  it.each(TABLE)('%s', async (query, first, corrected) => {
    const res = await h.request({ method: 'GET', url: `/api/deals?search=${encodeURIComponent(query)}&status=all&pageSize=5` });
    expect(res.status).toBe(200);
    const page = res.body.data as { deals: { title: string }[]; nearSpelling?: { search: string } };
    expect(page.deals[0]?.title, JSON.stringify(page.deals.map((d) => d.title))).toMatch(first);
    expect(page.nearSpelling?.search).toBe(corrected);
  });
});

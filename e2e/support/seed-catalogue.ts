import type { Deal } from '../../src/shared/schemas/deals/deals.js';
import { createMember, login, type Member, postDeal, vote } from './seed-api.js';

/**
 * A small varied catalogue for the public-screen journeys: active deals across categories, stores and price buckets,
 * some hot, some cold, one free, one expired, with votes from a handful of members.
 */
const ROWS: Array<[title: string, price: number, original: number, category: number, store: number, colour: [number, number, number]]> = [
  ['Sony WH-1000XM5 Wireless Headphones', 249, 379, 1, 6, [30, 41, 59]],
  ['Samsung 55" QN90C Neo QLED TV', 899, 1399, 1, 2, [15, 23, 42]],
  ['Apple MacBook Air M2 13-inch 256GB', 849, 999, 2, 6, [148, 163, 184]],
  ['Logitech MX Master 3S Mouse', 69.99, 99.99, 2, 42, [71, 85, 105]],
  ['PlayStation 5 Slim Console', 389, 479, 3, 13, [37, 99, 235]],
  ['Nintendo Switch OLED Mario Bundle', 279, 329, 3, 1, [220, 38, 38]],
  ['Xbox Game Pass Ultimate 3 Months', 0, 38.99, 3, 42, [22, 163, 74]],
  ['Dyson V15 Detect Cordless Vacuum', 499, 649, 4, 9, [168, 85, 247]],
  ["Levi's 501 Original Fit Jeans", 34.99, 90, 5, 43, [29, 78, 216]],
  ['Clarins Double Serum 50ml', 59, 84, 6, 7, [244, 114, 182]],
  ['LEGO Star Wars Millennium Falcon 75257', 89.99, 149.99, 7, 1, [250, 204, 21]],
  ['Kindle Paperwhite 16GB', 109.99, 159.99, 8, 42, [51, 65, 85]],
  ['Ninja Foodi Dual Zone Air Fryer', 129, 199.99, 9, 3, [100, 116, 139]],
  ['Easyjet Flights to Barcelona from £19', 19, 59, 10, 17, [249, 115, 22]],
  ['Garmin Forerunner 255 GPS Watch', 179, 299, 11, 15, [14, 165, 233]],
  ['Ring Video Doorbell (2nd Gen)', 49.99, 99.99, 15, 42, [2, 132, 199]],
  ['Bosch 18V Cordless Drill Set', 79, 119, 15, 10, [21, 128, 61]],
  ['Tesco Meal Deal Clubcard Price', 3.5, 3.9, 17, 3, [37, 99, 235]],
  ['Weber Spirit E-325 Gas BBQ', 549, 749, 23, 11, [120, 53, 15]],
  ['Philips Hue White Ambiance Starter Kit', 89.99, 129.99, 22, 2, [234, 179, 8]],
  ['Bose QuietComfort Earbuds II', 179, 279.95, 1, 8, [17, 24, 39]],
  ['Anker 737 Power Bank 24,000mAh', 79.99, 109.99, 1, 42, [59, 130, 246]],
];

export interface Catalogue {
  admin: { token: string };
  members: Member[];
  deals: Deal[];
}

export async function seedCatalogue(base: string, dataDir: string, adminPassword: string, voters = 4): Promise<Catalogue> {
  const admin = await login(base, 'admin', adminPassword);
  const members: Member[] = [];
  for (let i = 0; i < voters; i++) members.push(await createMember(base, dataDir, 'voter'));
  const deals: Deal[] = [];
  for (const [i, [title, price, original, category, store, colour]] of ROWS.entries()) {
    const deal = await postDeal(base, admin.token, {
      title,
      price,
      originalPrice: original,
      categoryId: category,
      storeId: store,
      colour,
      coupon: i % 5 === 0 ? `SAVE${10 + i}` : null,
      status: i === ROWS.length - 1 ? 'expired' : 'active',
    });
    deals.push(deal);
    // Spread of temperatures: several hot, some lukewarm, a couple cold.
    if (deal.status !== 'active') continue;
    const ups = i % 4 === 0 ? voters : i % 4 === 1 ? Math.min(2, voters) : i % 4 === 2 ? 0 : 1;
    const downs = i % 7 === 3 ? Math.min(3, voters) : 0;
    for (let v = 0; v < ups && v < voters; v++) await vote(base, members[v].token, deal.id, 1);
    for (let v = 0; v < downs && v + ups < voters; v++) await vote(base, members[voters - 1 - v].token, deal.id, -1);
  }
  return { admin: { token: admin.token }, members, deals };
}

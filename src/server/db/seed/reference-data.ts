import { slugify } from '../../../shared/domain/slug.js';

/** The 25 categories of SPEC §3, in the spec's order (ids 1..25). */
export const CATEGORY_NAMES = [
  'Electronics',
  'Computers',
  'Gaming',
  'Home & Garden',
  'Clothing & Accessories',
  'Beauty & Health',
  'Toys & Kids',
  'Books & Media',
  'Food & Drink',
  'Travel',
  'Sports & Outdoors',
  'Automotive',
  'Services',
  'Entertainment',
  'Home Improvement',
  'Office Supplies',
  'Groceries',
  'Health & Beauty',
  'Fashion & Accessories',
  'Culture & Leisure',
  'Broadband & Phone Contracts',
  'Home & Living',
  'Garden & Do It Yourself',
  'Family & Kids',
  'Other',
] as const;

export const CATEGORIES = CATEGORY_NAMES.map((name, i) => ({ id: i + 1, name, slug: slugify(name) }));

/** Deals from a shop that has no store of its own (one-offs); it has no site of its own either (docs/notes/community.md). */
export const OTHER_STORE_ID = 44;

/** Real UK retailers; Amazon UK and eBay UK keep ids 42 and 43 for affiliate tagging (SPEC §9); Other for the rest. */
export const STORES: Array<{ id: number; name: string; url: string | null }> = [
  { id: 1, name: 'Argos', url: 'https://www.argos.co.uk' },
  { id: 2, name: 'Currys', url: 'https://www.currys.co.uk' },
  { id: 3, name: 'Tesco', url: 'https://www.tesco.com' },
  { id: 4, name: "Sainsbury's", url: 'https://www.sainsburys.co.uk' },
  { id: 5, name: 'ASDA', url: 'https://www.asda.com' },
  { id: 6, name: 'John Lewis', url: 'https://www.johnlewis.com' },
  { id: 7, name: 'Boots', url: 'https://www.boots.com' },
  { id: 8, name: 'Very', url: 'https://www.very.co.uk' },
  { id: 9, name: 'AO', url: 'https://ao.com' },
  { id: 10, name: 'Screwfix', url: 'https://www.screwfix.com' },
  { id: 11, name: 'B&Q', url: 'https://www.diy.com' },
  { id: 12, name: 'Marks & Spencer', url: 'https://www.marksandspencer.com' },
  { id: 13, name: 'Game', url: 'https://www.game.co.uk' },
  { id: 14, name: 'Halfords', url: 'https://www.halfords.com' },
  { id: 15, name: 'Sports Direct', url: 'https://www.sportsdirect.com' },
  { id: 16, name: 'Lidl', url: 'https://www.lidl.co.uk' },
  { id: 17, name: 'Zavvi', url: 'https://www.zavvi.com' },
  { id: 42, name: 'Amazon UK', url: 'https://www.amazon.co.uk' },
  { id: 43, name: 'eBay UK', url: 'https://www.ebay.co.uk' },
  { id: OTHER_STORE_ID, name: 'Other', url: null },
];

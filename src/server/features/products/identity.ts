import crypto from 'node:crypto';
import { productKey } from '../../../shared/domain/deals/product-key.js';

/** Longest key stored as it is; PostgreSQL's b-tree refuses index entries above ~2.7 kB. */
export const PRODUCT_KEY_MAX = 500;

/** How far back a deal counts as "already posted" (duplicate warning, 409, scraper skip). */
export const DUPLICATE_WINDOW_DAYS = 30;
/** How far back the price history and its lowest/highest reach. */
export const HISTORY_WINDOW_DAYS = 365;

const DAY_MS = 86_400_000;
export const windowStart = (days: number, now = Date.now()) => new Date(now - days * DAY_MS).toISOString();

/**
 * The product key as stored in deals.product_key and price_points.product_key: shared/domain/deals/product-key.ts
 * productKey(url), with a very long key (a feed link full of parameters) replaced by its start plus a sha256, so it
 * always fits an index entry and two different long keys stay different. Null when the url is not http(s).
 * Migration 005 keys existing deals with this very function: a change of the rules needs a migration that re-keys.
 */
export function storedProductKey(url: string): string | null {
  const key = productKey(url);
  if (key === null || key.length <= PRODUCT_KEY_MAX) return key;
  return `${key.slice(0, 200)}#sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;
}

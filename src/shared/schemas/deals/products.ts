import { z } from 'zod';
import { idSchema } from '../common.js';
import { dealUrlSchema } from './deals.js';

/**
 * Product identity (docs/notes/products.md): the duplicate check of the deal form and the price history of a deal page.
 * Server routes: GET /api/deals/duplicates, GET /api/deals/{id}/price-history; docs/notes/products.md.
 */

/** 409 of POST /api/deals and POST /api/admin/deals; the body carries `data.existingDealId`. */
export const DUPLICATE_DEAL_MESSAGE = 'This deal has already been posted';

/** GET /api/deals/duplicates?url=...&excludeId=... (excludeId: the deal being edited, so it does not warn about itself). */
export const duplicatesQuerySchema = z.object({
  url: dealUrlSchema,
  excludeId: idSchema.optional(),
});
export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>;

/** A recent deal of the same product: public fields only. */
export const duplicateDealSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Pounds; null when the deal has no price. */
  price: z.number().nullable(),
  status: z.enum(['active', 'pending']),
  temperature: z.number().int(),
  createdAt: z.string(),
});
export type DuplicateDeal = z.infer<typeof duplicateDealSchema>;

export const duplicatesResultSchema = z.object({
  /** Active (not past their expiry) and pending deals of the same product posted in the last 30 days, newest first (at most 10). */
  deals: z.array(duplicateDealSchema),
  /**
   * The active deal a member's POST of this url would be refused for (409, same id as its `data.existingDealId`),
   * or null when posting is allowed (only pending matches: the new deal is flagged for the team instead).
   */
  existingDealId: z.number().int().nullable(),
});
export type DuplicatesResult = z.infer<typeof duplicatesResultSchema>;

/** Body of the 409 (ARCHITECTURE §3 error envelope plus data). */
export interface DuplicateDealError {
  success: false;
  error: typeof DUPLICATE_DEAL_MESSAGE;
  data: { existingDealId: number };
}

/** Where a price point came from: the lifecycle's change origin, or the migration that seeded existing deals. */
export const PRICE_POINT_SOURCES = ['member', 'admin', 'scraper', 'task', 'sweep', 'reports', 'backfill'] as const;
export type PricePointSource = (typeof PRICE_POINT_SOURCES)[number];

export const pricePointSchema = z.object({
  price: z.number(),
  originalPrice: z.number().nullable(),
  recordedAt: z.string(),
  /** The deal that showed the price; null once that deal was deleted. */
  dealId: z.number().int().nullable(),
  source: z.string(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

export const priceExtremeSchema = z.object({ price: z.number(), recordedAt: z.string() });
export type PriceExtreme = z.infer<typeof priceExtremeSchema>;

/** GET /api/deals/{id}/price-history. */
export const priceHistorySchema = z.object({
  /** The product's prices of the last 12 months, most recent first. */
  points: z.array(pricePointSchema),
  /** Lowest and highest of those points (the most recent when tied); null without points. */
  lowest: priceExtremeSchema.nullable(),
  highest: priceExtremeSchema.nullable(),
  /** The deal's current price is at or below every point of the last 12 months (false without a price or points). */
  isLowest: z.boolean(),
  /** Number of points. */
  count: z.number().int(),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

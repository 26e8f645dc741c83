/**
 * The operator's analytics (docs/notes/analytics.md): GET /admin/analytics, GET /admin/analytics/daily.csv, the
 * view beacon POST /deals/{id}/view, and a deal's own figures. Requests and replies side by side.
 */
import { z } from 'zod';
import { ANALYTICS_FIGURES, ANALYTICS_PERIODS, CSV_MAX_DAYS, daysBetween } from '../../domain/shops/analytics.js';
import { lower } from '../common.js';
import { dealSchema } from '../deals/deals.js';

export const analyticsQuerySchema = z.object({
  period: z.preprocess(lower, z.enum(ANALYTICS_PERIODS, { error: `period must be one of ${ANALYTICS_PERIODS.join(', ')}` })).default('7d'),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .regex(DAY, `${name} must be a date (YYYY-MM-DD)`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${name} must be a date (YYYY-MM-DD)`,
    );

/** The CSV's range: both days included, `to` not before `from`, at most CSV_MAX_DAYS days. */
export const analyticsCsvQuerySchema = z.object({ from: daySchema('from'), to: daySchema('to') }).superRefine((q, ctx) => {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  else if (daysBetween(q.from, q.to) > CSV_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `The range may cover at most ${CSV_MAX_DAYS} days` });
});
export type AnalyticsCsvQuery = z.infer<typeof analyticsCsvQuerySchema>;

const figureKeys = ANALYTICS_FIGURES.map((f) => f.key) as [(typeof ANALYTICS_FIGURES)[number]['key'], ...Array<(typeof ANALYTICS_FIGURES)[number]['key']>];

/** One figure of the period against the one before, with its value on each day of the period. */
export const analyticsFigureSchema = z.object({
  key: z.enum(figureKeys),
  label: z.string(),
  current: z.number(),
  previous: z.number(),
  /** Percent change from previous to current (shared/domain/shops/analytics.ts percentChange). */
  change: z.number(),
  /** The figure on each of `days`, in order. */
  daily: z.array(z.number()),
});

/** The deal's own id, title and shop, as every deal reply names them, with its figures. */
const topDealSchema = dealSchema
  .pick({ id: true, title: true, storeName: true })
  .extend({ clicks: z.number().int(), views: z.number().int(), ctr: z.number() });
const topGroupSchema = z.object({ id: z.number().int(), name: z.string(), clicks: z.number().int() });

export const analyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** 'all' for administrators; 'deals' for moderators, who get the deal-level figures and top deals only. */
  scope: z.enum(['all', 'deals']),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  /** The period's days (UTC, YYYY-MM-DD), oldest first. */
  days: z.array(z.string()),
  figures: z.array(analyticsFigureSchema),
  topDeals: z.array(topDealSchema),
  /** Administrators only. */
  topShops: z.array(topGroupSchema).optional(),
  topCategories: z.array(topGroupSchema).optional(),
  /** Administrators only: clicks of the period whose redirect carried an affiliate tag. */
  tagged: z.object({ clicks: z.number().int(), taggedClicks: z.number().int(), percent: z.number() }).optional(),
});
export type Analytics = z.infer<typeof analyticsSchema>;
export type AnalyticsFigure = z.infer<typeof analyticsFigureSchema>;

/** POST /deals/{id}/view: received (whether it counted is not told: the same visitor within 30 minutes does not). */
export const viewReceivedSchema = z.object({ received: z.literal(true) });

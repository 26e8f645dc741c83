import { z } from 'zod';

/** The admin Scrapers API (SPEC §7, docs/notes/scrapers-ai.md): list, run one, run all, logs newest first. */

/** POST /admin/scrapers/run: a source's key or its number in the list. */
export const scraperRunBodySchema = z.object({
  source: z.union([z.string().trim().min(1, 'Source is required').max(64), z.number().int()], { error: 'Source is required' }),
});
/** POST /admin/scrapers/run/{id}: the source's key. */
export const scraperIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
/** GET /admin/scrapers/logs */
export const scraperLogsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

// ---------------------------------------------------------------------------------------------------------------
// Replies

export const scraperInfoSchema = z.object({ id: z.number().int(), source: z.string(), name: z.string(), description: z.string() });
export type ScraperInfo = z.infer<typeof scraperInfoSchema>;
/** GET /admin/scrapers */
export const scraperListSchema = z.object({ scrapers: z.array(scraperInfoSchema) });
export type ScraperList = z.infer<typeof scraperListSchema>;

export const scraperLogSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  status: z.enum(['started', 'completed', 'failed']),
  dealsAdded: z.number().int(),
  error: z.string().nullable(),
  dataFile: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ScraperLog = z.infer<typeof scraperLogSchema>;
/** GET /admin/scrapers/logs */
export const scraperLogListSchema = z.object({ logs: z.array(scraperLogSchema) });
export type ScraperLogList = z.infer<typeof scraperLogListSchema>;

/** What every run tells of itself: in the reply of one run, and in each source's line of run-all. */
const runOutcomeFields = { source: z.string(), dataFile: z.string().nullable(), dealsAdded: z.number().int(), logId: z.number().int() };

/** POST /admin/scrapers/run and /run/{id}: one run's outcome. */
export const scraperRunSchema = z.object({
  ...runOutcomeFields,
  itemsFound: z.number().int(),
  skipped: z.number().int(),
});
export type ScraperRunResult = z.infer<typeof scraperRunSchema>;

/** POST /admin/scrapers/run-all: each source's outcome and the deals added in all. */
export const scraperRunAllSchema = z.object({
  results: z.array(z.object({ ...runOutcomeFields, status: z.enum(['completed', 'failed']), error: z.string().nullable() })),
  dealsAdded: z.number().int(),
});
export type ScraperRunAllResult = z.infer<typeof scraperRunAllSchema>;

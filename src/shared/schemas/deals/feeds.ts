import { z } from 'zod';
import { dealListQuerySchema } from './deals.js';

/** RSS feeds and sitemaps (docs/notes/feeds.md): XML at the site's root, so only their requests are schemas here. */

/**
 * A browse view as a feed sees it: GET /api/deals's query without paging (a feed is always the first page), validated
 * by the very schema of GET /api/deals, so the same values are accepted, refused and defaulted.
 */
export const dealFeedQuerySchema = dealListQuerySchema.omit({ page: true, pageSize: true });
export type DealFeedQuery = z.infer<typeof dealFeedQuerySchema>;

/** GET /feeds/alerts/{file} and /sitemaps/{file}: any name; one the site does not serve is a 404. */
export const feedFileParamsSchema = z.object({ file: z.string() });

import { z } from 'zod';

/** GET /search/suggest: what the search box holds so far (suggestions start at 2 letters or digits). */
export const suggestQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/**
 * GET /search/suggest: shops and categories whose name holds the text (to their pages or filters), and up to 5 live
 * deals matching it as a search, hottest first (docs/notes/search.md).
 */
export const suggestionsSchema = z.object({
  stores: z.array(named),
  categories: z.array(named.extend({ slug: z.string() })),
  deals: z.array(z.object({ id: z.number().int(), title: z.string(), temperature: z.number() })),
  /** Up to 3 live voucher codes of a shop, title or code starting with the text, working ones first (to the shop's page). */
  vouchers: z.array(z.object({ id: z.number().int(), title: z.string(), code: z.string().nullable(), storeId: z.number().int(), storeName: z.string() })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

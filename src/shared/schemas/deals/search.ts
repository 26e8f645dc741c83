import { z } from 'zod';

/** GET /search/suggest: what the search box holds so far (suggestions start at 2 letters or digits). */
export const suggestQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/**
 * One kind of suggestion and its items, in the order the box shows them. A new kind (vouchers, say) is one more member
 * of this union: the box draws the sections it knows in the order they come and skips the others.
 */
export const suggestionSectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stores'), items: z.array(named) }),
  z.object({ kind: z.literal('categories'), items: z.array(named.extend({ slug: z.string() })) }),
  z.object({ kind: z.literal('deals'), items: z.array(z.object({ id: z.number().int(), title: z.string(), temperature: z.number() })) }),
  /** Up to 3 live voucher codes of a shop, title or code starting with the text, working ones first (to the shop's page). */
  z.object({
    kind: z.literal('vouchers'),
    items: z.array(z.object({ id: z.number().int(), title: z.string(), code: z.string().nullable(), storeId: z.number().int(), storeName: z.string() })),
  }),
]);
export type SuggestionSection = z.infer<typeof suggestionSectionSchema>;
export type SuggestionKind = SuggestionSection['kind'];

/**
 * GET /search/suggest: shops and categories whose name holds the text (to their pages or filters), and up to 5 live
 * deals matching it as a search, hottest first (docs/notes/search.md), and live voucher codes
 * (docs/notes/vouchers-follows.md). Sections with nothing in them are left out.
 */
export const suggestionsSchema = z.object({
  sections: z.array(suggestionSectionSchema),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

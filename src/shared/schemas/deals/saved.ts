import { z } from 'zod';

/** Saved deals (SPEC §4): POST and DELETE /deals/{id}/save answer the deal and its new state; the lists are deal pages. */
export const savedToggleSchema = z.object({ dealId: z.number().int(), saved: z.boolean() });
export type SavedToggle = z.infer<typeof savedToggleSchema>;

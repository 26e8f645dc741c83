import { z } from 'zod';
import { idSchema } from './common.js';

/** POST /admin/deals/localize-image (SPEC §7): an external deal image becomes an /uploads/ file. Admins only. */
export const localizeBodySchema = z.object({
  imageUrl: z.string({ error: 'Image URL is required' }).trim().min(1, 'Image URL is required').max(2048, 'Image URL is too long'),
  dealId: idSchema,
});
export type LocalizeInput = z.infer<typeof localizeBodySchema>;

/** The deal's new picture and thumbnail (the deal already points at them). */
export const localizedImageSchema = z.object({ dealId: z.number().int(), imageUrl: z.string(), thumbnailUrl: z.string() });
export type LocalizedImage = z.infer<typeof localizedImageSchema>;

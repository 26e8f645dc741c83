import { z } from 'zod';
import { idSchema, requiredText } from '../common.js';

/** POST /admin/deals/localize-image (SPEC §7): an external deal image becomes an /uploads/ file. Admins only. */
export const localizeBodySchema = z.object({
  imageUrl: requiredText('Image URL', 2048, 'Image URL is too long'),
  dealId: idSchema,
});
export type LocalizeInput = z.infer<typeof localizeBodySchema>;

/** The deal's new picture and thumbnail (the deal already points at them). */
export const localizedImageSchema = z.object({ dealId: z.number().int(), imageUrl: z.string(), thumbnailUrl: z.string() });
export type LocalizedImage = z.infer<typeof localizedImageSchema>;

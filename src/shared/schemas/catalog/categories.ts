import { z } from 'zod';
import { idSchema, requiredText } from '../common.js';

/** Categories (SPEC §5 Category and store, §7): the admin form's rules, the list filter, and the replies. */

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** POST and PUT /categories, /admin/categories. */
export const categoryInputSchema = z.object({
  name: requiredText('Name', 50),
  slug: requiredText('Slug', 50).regex(SLUG_PATTERN, 'Slug can only contain lowercase letters, numbers, and hyphens'),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** GET /categories?store=: the categories with deals of that store (the browse filter), or every one. */
export const categoryListQuerySchema = z.object({ store: z.union([z.literal('all'), idSchema]).optional() });

// ---------------------------------------------------------------------------------------------------------------
// Replies

/** A category with its number of deals (live ones on the public list; any status in the admin lists). */
export const categorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), dealsCount: z.number().int() });
export type Category = z.infer<typeof categorySchema>;

/** GET /categories */
export const categoryArraySchema = z.array(categorySchema);
/** GET /admin/categories (SPEC §7: the list under data.categories). */
export const adminCategoryListSchema = z.object({ categories: categoryArraySchema });
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;
/** POST and PUT /admin/categories: the category under data.category. */
export const adminCategoryReplySchema = z.object({ category: categorySchema });
export type AdminCategoryReply = z.infer<typeof adminCategoryReplySchema>;

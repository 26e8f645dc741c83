import { z } from 'zod';
import { isHttpUrl } from './common.js';

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
export const STORE_LOGO_MAX_BYTES = 1024 * 1024;

export const categorySchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(50, 'Name must be at most 50 characters'),
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(50, 'Slug must be at most 50 characters')
    .regex(SLUG_PATTERN, 'Slug can only contain lowercase letters, numbers, and hyphens'),
});
export type CategoryInput = z.infer<typeof categorySchema>;

export const storeSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(50, 'Name must be at most 50 characters'),
  url: z
    .union([z.literal(''), z.null(), z.string().trim().max(2048).refine(isHttpUrl, 'Must be a valid URL')])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type StoreInput = z.input<typeof storeSchema>;

import { z } from 'zod';
import { requiredText } from '../common.js';

/**
 * POST /ai/generate (SPEC §7, docs/notes/scrapers-ai.md): a prompt that is a URL asks for a description of that product
 * page (with `title`); any other prompt is an instruction to shorten the title it contains. Admins only.
 */
export const aiGenerateBodySchema = z.object({
  prompt: requiredText('Prompt', 4000),
  title: z.string().trim().max(500, 'Title must be at most 500 characters').nullish(),
});
export type AiGenerateInput = z.input<typeof aiGenerateBodySchema>;

/** What the admin edit form and the activation tasks need before they can ask. */
export const AI_MESSAGES = {
  titleRequired: 'Please enter a title first',
  urlRequired: 'Please enter a product URL first',
} as const;

/** The generated text, what was asked for and whether a model or the offline mode answered. */
export const aiGenerateSchema = z.object({ text: z.string(), type: z.enum(['title', 'description']), mode: z.enum(['ai', 'offline']) });
export type AiGenerateReply = z.infer<typeof aiGenerateSchema>;

import { z } from 'zod';

/** GET /site-config: public settings the browser needs (the monetisation script of SPEC §2, the contact address). */
export const siteConfigSchema = z.object({
  monetisationScriptUrl: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** Who posts live at once (docs/notes/posting.md): the settings /help and the deal form explain. */
  trustedPosters: z.object({ minApproved: z.number().int(), rejectionDays: z.number().int(), minAccountDays: z.number().int() }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

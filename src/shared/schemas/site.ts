import { z } from 'zod';

/** GET /site-config: public settings the browser needs (the monetisation script of SPEC §2, the contact address). */
export const siteConfigSchema = z.object({ monetisationScriptUrl: z.string().nullable(), contactEmail: z.string().nullable() });
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** Posting a deal: the form filled from a pasted link, and the member's posting status (docs/notes/posting.md). */
export { postingRoutes } from './routes.js';
export { PREFILL_BUDGET_MS, poundsFrom, prefillFromUrl } from './prefill.js';

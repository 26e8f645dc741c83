/** A member's rights over their account: change of email, data export, deletion (docs/notes/data-rights.md). */
export { accountRoutes } from './routes.js';
export { EXPORT_EVERY_MS, EXPORT_EXPIRY_EVERY_MS, EXPORT_SECTIONS, expireExports, runExports } from './exports/index.js';

/**
 * Voucher codes (docs/notes/vouchers-follows.md): what other features and jobs.ts may use.
 * - voucherRoutes, adminVoucherRoutes: registered by features/index.ts;
 * - refreshAgeingStandings: the hourly job (answers age out of the success rate's window);
 * - voucherSitemapPages: the sitemap's /vouchers and shop pages with live codes; suggestVouchers: search suggestions; VOUCHER_STANDING_EVERY_MS: the job's period.
 */
export { adminVoucherRoutes, voucherRoutes } from './routes.js';
export { refreshAgeingStandings } from './commands.js';
export { suggestVouchers, voucherSitemapPages } from './queries.js';

export const VOUCHER_STANDING_EVERY_MS = 60 * 60_000;

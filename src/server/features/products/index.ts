/**
 * What other features may use of product identity (docs/notes/products.md): the create-time duplicate rule, the
 * scraper's skip, the deal cards' lowest-price flags, the subscriber and the routes.
 */
export { productColumns, type ProductColumns } from './commands.js';
export { DUPLICATE_WINDOW_DAYS, HISTORY_WINDOW_DAYS, storedProductKey } from './identity.js';
export { hasRecentDealOfProduct, lowestPriceFlags, withLowestPrices } from './queries.js';
export { productRoutes } from './routes.js';
export { trackProductIdentity } from './subscriptions.js';

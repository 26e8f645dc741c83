export { saveDeal, unsaveDeal } from './commands.js';
export { allSavedDeals, savedDealsPage } from './queries.js';
export { SAVED_PAGE_SIZE, savedRoutes } from './routes.js';

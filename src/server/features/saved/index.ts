export { allSavedDeals, saveDeal, savedDealsPage, unsaveDeal } from './queries.js';
export { SAVED_PAGE_SIZE, savedRoutes } from './routes.js';

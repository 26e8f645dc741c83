export { allSavedDeals, saveDeal, savedDealsPage, unsaveDeal } from './queries.js';
export { savedRoutes } from './routes.js';

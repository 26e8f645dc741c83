export { saveDeal, unsaveDeal } from './commands.js';
export { allSavedDeals, savedDealsPage } from './queries.js';
export { savedRoutes } from './routes.js';

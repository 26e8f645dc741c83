export { type DealTaskResult, generateDealDescription, generatorDeps, improveDealTitle, localizeDealImage } from './deal-tasks.js';
export { aiRoutes } from './routes.js';

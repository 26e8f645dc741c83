export { siteRoutes } from './routes.js';

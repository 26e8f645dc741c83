export { adminRoutes } from './routes.js';

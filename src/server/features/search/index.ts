/** What other parts of the server may use of the search feature: its routes (suggestions as you type). */
export { searchRoutes } from './routes.js';

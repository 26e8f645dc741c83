export { closeInterruptedRuns } from './maintenance.js';
export { scraperRoutes } from './routes.js';
export { runScraper } from './runner.js';
export { parseSchedule } from './schedule/cron.js';
export { scraperSources } from './source/sources.js';

export { closeInterruptedRuns } from './maintenance.js';
export { scraperRoutes } from './routes.js';
export { type Clock, startScraperSchedule, systemClock } from './schedule/scheduler.js';
export { runScraper } from './runner.js';
export { parseSchedule } from './schedule/cron.js';
export { scraperSources } from './source/sources.js';

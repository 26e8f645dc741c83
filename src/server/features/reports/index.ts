/** Member reports and the team's report queue (docs/notes/trust.md). */
export { closeOpenReports, closeReportsOnDealChanges, createReport, resolveReports } from './commands.js';
export { openReportCount, reportQueue } from './queries.js';
export { adminReportRoutes, reportRoutes } from './routes.js';

/** "Download my data": the durable export job, its archive and its reads (docs/notes/data-rights.md). */
export {
  EXPORT_EVERY_MS,
  EXPORT_EXPIRY_EVERY_MS,
  expireExports,
  exportsSettled,
  kickExports,
  removeExportFiles,
  requestExport,
  requestExportFor,
  runExports,
} from './commands.js';
export { listExports, openExport } from './queries.js';
export { EXPORT_SECTIONS, type ExportSection } from './sections.js';

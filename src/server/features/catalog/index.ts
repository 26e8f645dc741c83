/** What categories and stores share (docs/notes/dedup-server.md): their writes and their public write routes. */
export { type CatalogChange, type CatalogKind, catalogKind, createCatalogRow, deleteCatalogRow, updateCatalogRow } from './commands.js';
export { type CatalogWrites, catalogWriteRoutes } from './routes.js';

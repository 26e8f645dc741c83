export { CATEGORY_HAS_DEALS, createCategory, deleteCategory, updateCategory } from './commands.js';
export { CATEGORY_NOT_FOUND, listCategories } from './queries.js';
export { categoryRoutes } from './routes.js';

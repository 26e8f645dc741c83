export { CATEGORY_HAS_DEALS, CATEGORY_NOT_FOUND, createCategory, deleteCategory, listCategories, updateCategory } from './queries.js';
export { categoryRoutes } from './routes.js';

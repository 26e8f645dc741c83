export { createStore, deleteStore, setStoreLogo, STORE_HAS_DEALS, updateStore } from './commands.js';
export { listStores, STORE_NOT_FOUND, storeDetail, storeExists } from './queries.js';
export { storeRoutes } from './routes.js';

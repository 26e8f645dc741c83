export { createStore, deleteStore, listStores, setStoreLogo, STORE_HAS_DEALS, STORE_NOT_FOUND, storeDetail, storeExists, updateStore } from './queries.js';
export { storeRoutes } from './routes.js';

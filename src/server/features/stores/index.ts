export { createStore, deleteStore, setStoreLogo, STORE_HAS_DEALS, updateStore } from './commands.js';
export { findStore, listStores, STORE_NOT_FOUND, storeDetail, storeExists } from './queries.js';
export { confirmStore, findOrProposeShop, mergeStore, shopForUrl } from './shops.js';
export { storeRoutes } from './routes.js';

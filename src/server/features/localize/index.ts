export { IMAGE_TIMEOUT_MS, type LocalizedImage, localizeImage } from './localize.js';
export { localizeRoutes } from './routes.js';

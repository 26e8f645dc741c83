/**
 * Follows (docs/notes/vouchers-follows.md): what other features may use.
 * - followRoutes: registered by features/index.ts;
 * - subscribeFollowNotifications: the lifecycle's subscriber (a deal going live tells its followers, gathered);
 * - followIds: the follow set the browse list's following=1 reads (deals/routes.ts).
 */
export { followRoutes } from './routes.js';
export { subscribeFollowNotifications } from './notify.js';
export { followIds } from './queries.js';

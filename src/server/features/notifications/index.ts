import type { FastifyInstance } from 'fastify';
import { onNotificationsCreated } from './created.js';
import { NotificationLive } from './live.js';
import { notificationRoutes } from './routes.js';

/**
 * Notifications (docs/notes/notifications.md): what other features and jobs.ts may use.
 * - notifyNewComment, notifyCommentLiked: comments/commands.ts, in the comment's or like's transaction;
 * - notifyDealHot: votes (a vote, half votes becoming whole), in the vote's transaction;
 * - notifyAlertMatches: alerts/matching, with an instant alert's fresh matches;
 * - subscribeDealNotifications: the lifecycle's subscribers (the team's decisions, price drops on saved products);
 * - onNotificationsCreated: the delivery seam (the live stream listens there; push delivery will);
 * - pruneNotifications: the pruning job; notificationMailHandlers and queueGatheredMails: the gathered mail (jobs.ts).
 */
export { notifyAlertMatches, notifyCommentLiked, notifyDealHot, notifyNewComment, subscribeDealNotifications } from './raise.js';
export { type CreatedListener, type NotificationRow, onNotificationsCreated } from './created.js';
export { notify, type NotificationDraft, PRUNE_EVERY_MS, pruneNotifications } from './commands.js';
export { MAIL_EVERY_MS, notificationMailHandlers, queueGatheredMails } from './mail.js';

/** The routes under /api and the live stream's hub, which hears of every committed notification. */
export async function registerNotifications(app: FastifyInstance): Promise<void> {
  const live = new NotificationLive(app.deps.db, app.log, app.infra?.redis);
  const stop = onNotificationsCreated(app.deps.db, (rows) => live.created(rows));
  app.addHook('onClose', async () => {
    stop();
    await live.close();
  });
  await app.register(notificationRoutes(live));
}

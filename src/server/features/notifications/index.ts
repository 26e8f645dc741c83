import type { FastifyInstance } from 'fastify';
import { onNotificationsCreated } from './created.js';
import { NotificationLive } from './live/live.js';
import { kickers, PushKicker, pushRoutes, queuePushDeliveries } from './push/index.js';
import { notificationRoutes } from './routes.js';

/**
 * Notifications (docs/notes/notifications.md): what other features and jobs.ts may use.
 * - notifyNewComment, notifyCommentLiked: comments/commands.ts, in the comment's or like's transaction;
 * - notifyDealHot: votes (a vote, half votes becoming whole), in the vote's transaction;
 * - notifyAlertMatches: alerts/matching, with an instant alert's fresh matches;
 * - subscribeDealNotifications: the lifecycle's subscribers (the team's decisions, price drops on saved products);
 * - onNotificationsCreated: the delivery seam (the live stream and push delivery listen there);
 * - pruneNotifications: the pruning job; notificationMailHandlers and queueGatheredMails: the gathered mail (jobs.ts);
 * - drainPush, prunePushDeliveries: the push sender's job and its pruning (jobs.ts).
 */
export { notifyAlertMatches, notifyCommentLiked, notifyDealHot, notifyNewComment, subscribeDealNotifications } from './raise.js';
export { type CreatedListener, type NotificationRow, onNotificationsCreated } from './created.js';
export { notify, type NotificationDraft, PRUNE_EVERY_MS, pruneNotifications } from './commands.js';
export { MAIL_EVERY_MS, notificationMailHandlers, queueGatheredMails } from './mail.js';
export { drainPush, prunePushDeliveries, PUSH_EVERY_MS, pushKickerOf } from './push/index.js';

/**
 * The routes under /api, the live stream's hub, which hears of every committed notification, and push delivery, which
 * writes its durable rows in the notification's transaction and sends them once it has committed.
 */
export async function registerNotifications(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const live = new NotificationLive(db, app.log, app.infra?.redis);
  const kicker = new PushKicker({ db, config, log: app.log });
  kickers.set(db, kicker);
  const stopLive = onNotificationsCreated(db, (rows) => live.created(rows));
  const stopPush = onNotificationsCreated(db, async (rows, trx) => {
    const due = await queuePushDeliveries(trx, rows);
    kicker.kick(
      rows.map((r) => Number(r.id)),
      due,
    );
  });
  app.addHook('onClose', async () => {
    stopLive();
    stopPush();
    await Promise.all([live.close(), kicker.close()]);
  });
  await app.register(notificationRoutes(live));
  await app.register(pushRoutes());
}

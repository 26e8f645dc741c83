import type { FastifyInstance } from 'fastify';
import { invalidateDealCounts } from '../db/reads/count-cache.js';
import { invalidateAnonymousReads } from '../plugins/read-cache/anonymous-cache.js';
import { accountRoutes } from './account/index.js';
import { adminRoutes } from './admin/index.js';
import { aiRoutes } from './ai/index.js';
import { alertRoutes, subscribeAlertMatching } from './alerts/index.js';
import { analyticsRoutes } from './analytics/index.js';
import { authRoutes } from './auth/index.js';
import { categoryRoutes } from './categories/index.js';
import { commentRoutes } from './comments/index.js';
import { dealRoutes } from './deals/index.js';
import { localizeRoutes } from './localize/index.js';
import { memberRoutes } from './members/index.js';
import { registerNotifications, subscribeDealNotifications } from './notifications/index.js';
import { auditDealChanges, moderationRoutes } from './moderation/index.js';
import { postingRoutes } from './posting/index.js';
import { productRoutes, trackProductIdentity } from './products/index.js';
import { adminReportRoutes, closeReportsOnDealChanges, reportRoutes } from './reports/index.js';
import { savedRoutes } from './saved/index.js';
import { searchRoutes } from './search/index.js';
import { securityRoutes } from './security/index.js';
import { scraperRoutes } from './scrapers/index.js';
import { siteRoutes } from './site/index.js';
import { storeRoutes } from './stores/index.js';
import { userRoutes } from './users/index.js';
import { adminVoucherRoutes, voucherRoutes } from './vouchers/index.js';
import { followRoutes, subscribeFollowNotifications } from './follows/index.js';
import { subscribeReputation } from './reputation/index.js';
import { adminVoteRoutes, voteRoutes } from './votes/index.js';

/**
 * Every feature: its routes mounted under /api (one folder a feature, ARCHITECTURE §2), and the subscribers of the
 * deal lifecycle's events (ARCHITECTURE §6): the moderation log in the change's transaction, the caches after it.
 */
export async function registerFeatures(app: FastifyInstance) {
  const { events, db } = app.deps;
  auditDealChanges(events);
  subscribeAlertMatching(app.deps);
  closeReportsOnDealChanges(events);
  trackProductIdentity(events);
  subscribeDealNotifications(app.deps);
  subscribeFollowNotifications(app.deps);
  subscribeReputation(app.deps);
  events.afterCommit('*', () => {
    invalidateDealCounts(db);
    invalidateAnonymousReads(app);
  });

  await app.register(productRoutes);
  await app.register(memberRoutes);
  // Trust in the feed (docs/notes/trust.md): member reports, the team's report queue and a deal's votes (moderators too), the public moderation log.
  for (const routes of [reportRoutes, adminReportRoutes, adminVoteRoutes, moderationRoutes]) await app.register(routes);
  for (const routes of [
    authRoutes,
    securityRoutes,
    userRoutes,
    accountRoutes,
    dealRoutes,
    postingRoutes,
    searchRoutes,
    savedRoutes,
    voteRoutes,
    commentRoutes,
    categoryRoutes,
    storeRoutes,
    siteRoutes,
    adminRoutes,
    scraperRoutes,
    localizeRoutes,
    aiRoutes,
  ]) {
    await app.register(routes);
  }
  await app.register(alertRoutes);
  await registerNotifications(app);
  await app.register(analyticsRoutes);
  // Voucher codes, follows (docs/notes/vouchers-follows.md).
  for (const routes of [voucherRoutes, adminVoucherRoutes, followRoutes]) await app.register(routes);
}

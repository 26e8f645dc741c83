/**
 * Keyword alerts (docs/notes/alerts.md): what other features and jobs.ts may use.
 * - routes: /api/alerts (member CRUD) and /api/alerts/unsubscribe (the mails' one-click link);
 * - subscribeAlertMatching: the `deal.activated` subscriber (features/index.ts);
 * - matchWarmerDeal: called by votes/commands.ts castVote when a vote lifts a deal's temperature;
 * - alertFeedDeals: the per-alert private feed's deals (features/feeds serves /feeds/alerts/{token}.xml);
 * - alertMailHandlers, sendDailyDigests: the outbox drain and the daily digest (jobs.ts).
 */
export { alertRoutes } from './routes.js';
export { subscribeAlertMatching } from './subscriptions.js';
export { matchActivatedDeal, matchWarmerDeal } from './matching/match-deal.js';
export { ALERT_FEED_ITEMS, type AlertFeed, alertFeedDeals } from './queries.js';
export { alertMailHandlers } from './mail/delivery.js';
export { DIGEST_EVERY_MS, sendDailyDigests } from './mail/digest.js';
export { type AlertTokenPurpose, signAlertToken, verifyAlertToken } from './tokens.js';

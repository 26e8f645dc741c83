/**
 * Reputation (docs/notes/vouchers-follows.md): members' records and badges, stored, never worked out on a page view.
 * - memberReputationChanged: the events that move a member's facts (vouchers, comments and likes, votes across 100°);
 * - dealTemperatureMoved: votes and their promotion, in the vote's transaction;
 * - subscribeReputation: the deal lifecycle's subscriber (features/index.ts);
 * - recomputeReputation, REPUTATION_EVERY_MS: the scheduled job (jobs.ts).
 */
export { memberReputationChanged, recomputeReputation, REPUTATION_EVERY_MS } from './commands.js';
export { dealTemperatureMoved, subscribeReputation } from './subscriptions.js';

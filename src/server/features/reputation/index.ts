/**
 * Reputation (docs/notes/vouchers-follows.md): members' records and badges, stored, never worked out on a page view.
 * - memberReputationChanged: the events that move a member's facts (vouchers, votes across 100°);
 * - memberCommentFactsMoved: a comment posted or removed, a like or unlike (the author's record moves by the difference);
 * - dealTemperatureMoved: votes and their promotion, in the vote's transaction;
 * - subscribeReputation: the deal lifecycle's subscriber (features/index.ts);
 * - recomputeReputation, REPUTATION_EVERY_MS: the scheduled job (jobs.ts).
 */
export { memberCommentFactsMoved, memberReputationChanged, recomputeReputation, REPUTATION_EVERY_MS } from './commands.js';
export { dealTemperatureMoved, subscribeReputation } from './subscriptions.js';

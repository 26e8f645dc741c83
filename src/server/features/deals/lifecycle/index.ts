/**
 * The deal lifecycle: the only code that writes a deal's row, by two doors: changes (create, edit, activate, expire,
 * delete; inDealChange, the one place its domain events come from) and counters (votes, comments, the trending window;
 * counters.ts, no backup and no events). See docs/ARCHITECTURE.md §6 "The deal lifecycle".
 */
export { type ChangeScope, inDealChange, type LifecycleDeps, lockDeal, type Tx } from './change.js';
export {
  activateDeal,
  createDeal,
  type CreateRequest,
  DELETED_DEAL_ACTIVATION,
  deleteDeal,
  deleteDealIn,
  type DeleteRequest,
  editDeal,
  type EditRequest,
  type EditResult,
  expireDeal,
  expireLapsedDeals,
  type NewDealColumns,
} from './commands.js';
export {
  countComment,
  countVote,
  countVotesWhole,
  recountComments,
  recountRecentVotes,
  temperatureColumns,
  TRENDING_WINDOW_EVERY_MS,
  type VoteCounters,
  voteCounterColumns,
} from './counters.js';
export { type Actor, type AuditNote, type ChangeOrigin, DEAL_EVENT_TYPES, type DealChange, type DealEventType, DealEvents } from './events.js';
export {
  copyUpload,
  DEAL_UPLOAD_PREFIX,
  type DealImage,
  isDealUpload,
  memberDealImage,
  recordUpload,
  staffImage,
  staffThumbnail,
  uploadUse,
  dealFiles,
} from './images.js';
export { neverPublic } from './rules.js';

/**
 * The deal lifecycle: the only code that changes a deal's row (create, edit, activate, expire, delete) and the one
 * place its domain events come from. See docs/ARCHITECTURE.md §6 "The deal lifecycle".
 */
export { type ChangeScope, inDealChange, type LifecycleDeps, lockDeal, type Tx } from './change.js';
export {
  activateDeal,
  createDeal,
  type CreateRequest,
  DELETED_DEAL_ACTIVATION,
  deleteDeal,
  type DeleteRequest,
  editDeal,
  type EditRequest,
  type EditResult,
  expireDeal,
  expireLapsedDeals,
  type NewDealColumns,
} from './commands.js';
export { type Actor, type AuditNote, type ChangeOrigin, DEAL_EVENT_TYPES, type DealChange, type DealEventType, DealEvents } from './events.js';
export { copyUpload, DEAL_UPLOAD_PREFIX, type DealImage, isDealUpload, memberDealImage, recordUpload, staffImage, staffThumbnail, uploadUse } from './images.js';
export { neverPublic } from './rules.js';

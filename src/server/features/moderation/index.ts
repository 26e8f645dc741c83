import type { DealEvents } from '../deals/index.js';
import { logModeration } from './log.js';

export { type BackupReason, backupDeal } from './backups.js';
export { changedFields, logModeration, type ModerationAction, type ModerationEntity, type ModerationEntry } from './log.js';
export { listModerationLog } from './log-list.js';
export { publicModerationLog } from './public-log.js';
export { moderationRoutes } from './routes.js';

/**
 * The moderation log hears every deal change the lifecycle marks for audit (the team's actions, member-report
 * expiries) and writes it in the change's own transaction: the entry and the change commit together or not at all.
 */
export function auditDealChanges(events: DealEvents): void {
  events.inTransaction('*', async (change, trx) => {
    if (!change.audit) return;
    const deal = change.after ?? change.before;
    await logModeration(trx, {
      actorId: change.actor?.id ?? null,
      action: change.audit.action,
      entityType: 'deal',
      entityId: change.dealId,
      entityTitle: deal?.title ?? null,
      before: change.audit.before,
      after: change.audit.after,
      reason: change.audit.reason ?? null,
      origin: change.origin,
    });
  });
}

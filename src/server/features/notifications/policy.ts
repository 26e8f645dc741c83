import { canViewDeal } from '../../../shared/domain/access/permissions.js';

/**
 * Who may be told (docs/notes/notifications.md): never of one's own action, only a verified account, and never about a
 * deal one may not see (shared/domain/access/permissions.ts canViewDeal). Reading and marking are the member's own only:
 * every query and write filters by the signed-in member, so another member's ids are not found and change nothing.
 */
export function mayBeTold(
  recipient: { id: number; role: string; email_verified_at: string | null } | undefined,
  draft: { actorId: number | null; deal: { status: string; ownerId: number | null } | null },
): boolean {
  if (!recipient?.email_verified_at || draft.actorId === recipient.id) return false;
  return !draft.deal || canViewDeal({ id: recipient.id, role: recipient.role }, draft.deal);
}

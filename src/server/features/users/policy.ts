import { canManageProfile } from '../../../shared/domain/access/permissions.js';
import { isOwner } from '../../../shared/domain/access/roles.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { assertTeamPower } from '../../plugins/auth.js';

/** Self or an admin reads and changes a profile (shared/domain/access/permissions.ts canManageProfile). */
export function assertMayManage(actor: UserRow, id: number): void {
  if (!canManageProfile(actor, id)) throw forbidden('You can only manage your own profile');
  if (!isOwner(actor, id)) assertTeamPower(actor);
}

/** Even an admin changing their own password must prove the current one; nobody changes another's. */
export function assertMayChangePassword(actor: UserRow, targetId: number): void {
  if (!isOwner(actor, targetId)) throw forbidden('Only the account owner can change its password');
}

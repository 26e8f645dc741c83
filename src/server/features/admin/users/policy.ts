import { mayHoldRole } from '../../../../shared/domain/access/permissions.js';
import { forbidden } from '../../../http/errors.js';

export const PROTECTED_ADMIN_MESSAGE = 'Accounts 1 and 2 are the site administrators and always keep the admin role';

/**
 * Roles are an administrator's to give (the back office's guard), any role to anyone, except that the two seeded
 * administrators stay admins (shared/domain/access/permissions.ts mayHoldRole; the web's role select offers the same).
 */
export function assertMayHoldRole(userId: number, role: string): void {
  if (!mayHoldRole(userId, role)) throw forbidden(PROTECTED_ADMIN_MESSAGE);
}

import { isStaff } from '../../../shared/domain/access/roles.js';
import { PASSWORD_INCORRECT, STAFF_MUST_BE_DEMOTED } from '../../../shared/schemas/members/account.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError, forbidden } from '../../http/errors.js';
import { verifyPassword } from '../../services/passwords.js';

/** The account's own password, proved again before a change of email or a deletion. */
export async function assertPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password))) throw new HttpError(400, PASSWORD_INCORRECT, { field: 'password' });
}

/** Moderators and administrators are demoted first (by an administrator): a team account is never deleted as it is. */
export function assertDeletable(target: UserRow): void {
  if (isStaff(target)) throw forbidden(STAFF_MUST_BE_DEMOTED);
}

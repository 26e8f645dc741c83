import type { AdminUser } from '../../../../shared/schemas/admin/admin-users.js';
import { isSeededAdmin } from '../../../../shared/domain/access/permissions.js';
import type { UserRow } from '../../../db/schema.js';
import { presentUser } from '../../users/index.js';

/** A member as the back office's users table shows them; `isProtectedAdmin`: one of the two seeded administrators. */
export const presentAdminUser = (row: UserRow): AdminUser => ({ ...presentUser(row), isProtectedAdmin: isSeededAdmin(row.id) });

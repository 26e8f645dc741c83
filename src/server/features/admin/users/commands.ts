import type { AdminUser } from '../../../../shared/schemas/admin/admin-users.js';
import type { Role } from '../../../../shared/schemas/members/users.js';
import type { Db } from '../../../db/connection.js';
import { notFound } from '../../../http/errors.js';
import { logModeration } from '../../moderation/index.js';
import { assertMayHoldRole } from './policy.js';
import { presentAdminUser } from './presenter.js';

/** Changes a member's role and logs it with the role before and after; accounts 1 and 2 stay admins. */
export async function changeRole({ kysely: db }: Db, actorId: number, userId: number, role: Role): Promise<AdminUser> {
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!target) throw notFound('User not found');
    assertMayHoldRole(userId, role);
    if (target.role === role) return presentAdminUser(target);
    const updated = await trx
      .updateTable('users')
      .set({ role, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logModeration(trx, {
      actorId,
      action: 'role-change',
      entityType: 'user',
      entityId: userId,
      entityTitle: target.username,
      before: { role: target.role },
      after: { role },
    });
    return presentAdminUser(updated);
  });
}

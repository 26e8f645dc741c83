import { z } from 'zod';
import { ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT, limitSchema, lower, optionalParam, pageCountFields, pageSchema, sortOrderSchema } from '../common.js';
import { publicUserSchema, roleSchema } from '../members/users.js';

/** The admin Users screen (SPEC §2, §7): GET /admin/users and PUT /admin/users/{id}/role. */

/** GET /admin/users (SPEC §7): sortBy accepts the column names and their camelCase forms. */
export const USER_SORT_KEYS = { id: 'id', username: 'username_key', email: 'email', role: 'role', created_at: 'created_at', createdat: 'created_at' } as const;
export const adminUsersQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema(ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT),
  sortBy: optionalParam(
    z.preprocess(
      lower,
      z.enum(Object.keys(USER_SORT_KEYS) as [keyof typeof USER_SORT_KEYS], { error: 'sortBy must be one of id, username, email, role, created_at' }),
    ),
  ),
  sortOrder: optionalParam(sortOrderSchema),
  search: optionalParam(z.string().trim().max(100, 'search must be at most 100 characters')),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const roleChangeSchema = z.object({ role: z.preprocess(lower, roleSchema) });

// ---------------------------------------------------------------------------------------------------------------
// Replies

/** A user as the admin list shows them: the account and whether they are one of the two protected administrators. */
export const adminUserSchema = publicUserSchema.extend({ isProtectedAdmin: z.boolean() });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /admin/users */
export const adminUserPageSchema = z.object({ users: z.array(adminUserSchema), limit: z.number().int(), ...pageCountFields });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** PUT /admin/users/{id}/role: the changed user, at the top level and again under `user`. */
export const roleChangeReplySchema = adminUserSchema.extend({ user: adminUserSchema });
export type RoleChangeReply = z.infer<typeof roleChangeReplySchema>;

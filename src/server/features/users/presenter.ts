import type { PublicUser, Role } from '../../../shared/schemas/members/users.js';
import type { UserRow } from '../../db/schema.js';

/** The only shape a user leaves the server in: never the hash, token version or internal keys. */
export function presentUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role as Role,
    avatar: row.avatar,
    bio: row.bio,
    emailVerified: !!row.email_verified_at,
    createdAt: row.created_at,
  };
}

import type { PublicLogActor, PublicLogEntry } from '../../../shared/schemas/admin/moderation-log.js';
import { isStaff } from '../../../shared/domain/access/roles.js';

/**
 * What the public moderation log (GET /moderation-log, notes/trust.md) may say of who acted: the team acts in its own
 * name (role and username); a member (a member's own removal) is anonymous; with nobody, "community" for expiries
 * decided by member reports and "system" for jobs. Deals are named only while public (public-log.ts, isPublicStatus).
 */
export function publicActor(role: string | null, username: string | null, origin: string | null): PublicLogEntry['actor'] {
  if (role !== null && isStaff({ role })) return { role: role as PublicLogActor, username };
  if (role) return { role: 'member', username: null };
  const who: PublicLogActor = origin === 'reports' ? 'community' : 'system';
  return { role: who, username: null };
}

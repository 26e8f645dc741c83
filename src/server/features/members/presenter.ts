import type { Deal } from '../../../shared/schemas/deals/deals.js';
import type { MemberCounts, MemberProfile, MemberRecord } from '../../../shared/schemas/members/members.js';
import type { BadgeId } from '../../../shared/domain/members/reputation.js';
import type { Role } from '../../../shared/schemas/members/users.js';

interface MemberRow {
  id: number;
  username: string;
  avatar: string | null;
  role: string;
  bio: string | null;
  created_at: string;
}

/** A member as anyone may see them: never the email, verification state or anything private. */
export function presentMember(row: MemberRow, counts: MemberCounts, deals: Deal[], record: MemberRecord, badges: BadgeId[]): MemberProfile {
  return {
    id: Number(row.id),
    username: row.username,
    avatar: row.avatar,
    role: row.role as Role,
    bio: row.bio,
    memberSince: row.created_at,
    counts,
    record,
    badges,
    deals,
  };
}

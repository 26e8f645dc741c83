import { notFound } from '../../http/errors.js';

export const MEMBER_NOT_FOUND = 'Member not found';

/**
 * Whose page the public may see (notes/community.md): a verified account's. An account that has not verified its email is
 * nobody yet (its bio never goes public unverified): 404, as for a name nobody has. The page shows only public deals
 * (shared/domain/deals/deal-status.ts PUBLIC_STATUSES) and never the email.
 */
export const isListed = (user: { email_verified_at: string | null } | undefined): boolean => Boolean(user?.email_verified_at);

export function assertListed<T extends { email_verified_at: string | null }>(user: T | undefined): asserts user is T {
  if (!isListed(user)) throw notFound(MEMBER_NOT_FOUND);
}

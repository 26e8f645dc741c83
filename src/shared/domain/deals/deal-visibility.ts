/**
 * Which deals the public sees and which are open to members' actions, for the server's policies and SQL filters and
 * the web's buttons alike. Apart from deal-status.ts (labels, isExpired), which every first screen loads, so that
 * these stay out of the first load (docs/notes/web-weight.md).
 */
import { isExpired } from './deal-status.js';

/**
 * The statuses everyone may see: a deal is public while active or expired (SPEC §4). Pending, rejected and deleted
 * deals are their owner's and the team's only. The server's SQL filters use this list (`where('status', 'in', ...)`).
 */
export const PUBLIC_STATUSES = ['active', 'expired'] as const;
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];
export const isPublicStatus = (status: string): status is PublicStatus => (PUBLIC_STATUSES as readonly string[]).includes(status);

/**
 * Live: active and not past its expiry date, so open for votes, comments and reports (the browse default). The
 * server's SQL form of the same rule is deals/list/browse-filters statusSql('active').
 */
export const isLive = (status: string, expiresAt: string | null | undefined, now = Date.now()): boolean =>
  status === 'active' && !isExpired(status, expiresAt, now);

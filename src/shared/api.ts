/**
 * The JSON contract between the server and the browser (SPEC §3 and §7).
 * Every response is an envelope; keys are camelCase; money is pounds with 2 decimals; times are ISO-8601 UTC.
 */
import type { DealStatus } from './schemas/deals.js';
import type { Role } from './schemas/users.js';

export type Envelope<T> = { success: true; data: T } | { success: false; error: string; field?: string; fields?: Record<string, string>; isPendingDeal?: boolean };

export interface PublicUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  avatar: string | null;
  bio: string | null;
  emailVerified: boolean;
  createdAt: string;
}

export interface AuthPayload {
  user: PublicUser;
  token: string;
}

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
}
export interface StoreRef {
  id: number;
  name: string;
  logoUrl: string | null;
  url: string | null;
}

export interface Deal {
  id: number;
  title: string;
  description: string;
  url: string;
  dealUrl: string;
  /** The deal URL with affiliate tagging applied (shared/domain/affiliate.ts). */
  outboundUrl: string;
  price: number | null;
  originalPrice: number | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  coupon: string | null;
  categoryId: number;
  categoryName: string;
  category: CategoryRef;
  storeId: number;
  storeName: string;
  store: StoreRef;
  userId: number | null;
  userUsername: string | null;
  status: DealStatus;
  source: string | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  expiresAt: string | null;
  temperature: number;
  upvotes: number;
  downvotes: number;
  totalVotes: number;
  userVote?: 1 | -1;
  isSaved?: boolean;
  commentCount: number;
  isPending: boolean;
  isExpired: boolean;
  /** Admin deal list and detail only: the deal this one was flagged as a likely repost of when posted (issue 14), else null. */
  duplicateOf?: number | null;
  /**
   * Deal lists only (GET /deals and its home rows, related deals, saved deals): the card's "Lowest price we've seen"
   * badge, the deal page's rule (shared/domain/lowest-price.ts) from one grouped query per page. Absent on a single
   * deal's answer, whose page asks GET /deals/{id}/price-history instead.
   */
  isLowestPrice?: boolean;
}

export interface DealPage {
  deals: Deal[];
  /** A search's total stops at 1,000 (issue 16): then totalCountCapped is true and the list says "1,000+ deals". */
  totalCount: number;
  totalCountCapped?: boolean;
  page: number;
  pageSize: number;
  totalPages: number;
}

export interface VoteResult {
  totalVotes: number;
  voteType: 1 | -1;
  upvotes: number;
  downvotes: number;
}

export interface UploadResult {
  imageUrl: string;
  thumbnailUrl: string;
}

export interface Comment {
  id: number;
  dealId: number;
  /** Null only for a deleted top-level comment kept for its replies (isDeleted). */
  userId: number | null;
  username: string;
  avatarUrl: string | null;
  text: string;
  createdAt: string;
  /** The top-level comment this one answers (one level of replies), else null. Issue 17. */
  parentId: number | null;
  likeCount: number;
  /** Signed-in callers only: whether they like this comment. */
  likedByMe?: boolean;
  /** A top-level comment deleted while it had replies: text and username are '[deleted]', no author. */
  isDeleted: boolean;
}

export interface UserCommentItem {
  id: number;
  dealId: number;
  dealTitle: string;
  text: string;
  /** 'YYYY-MM-DD HH:MM:SS' in UTC, as SPEC §2 My comments describes. */
  createdAt: string;
  thumbnailUrl: string | null;
  dealOwnerUsername: string | null;
  price: number | null;
  originalPrice: number | null;
  categoryName: string | null;
}

export interface Pagination {
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export interface UserCommentsPage {
  data: UserCommentItem[];
  pagination: Pagination;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  dealsCount: number;
}

export interface Store {
  id: number;
  name: string;
  url: string | null;
  logoUrl: string | null;
  dealsCount: number;
}

export interface RecentActivityItem {
  /** Unique across sources (ids repeat between users, deals and log entries): use it as the list key. */
  key: string;
  id: number;
  type: 'user' | 'deal' | 'category' | 'store' | 'comment';
  title: string;
  action: string;
  user: { id: number | null; username: string };
  timestamp: string;
}

export interface DashboardStats {
  totalUsers: number;
  totalDeals: number;
  activeDeals: number;
  pendingDeals: number;
  newUsersToday: number;
  newDealsToday: number;
  userGrowth: number;
  dealGrowth: number;
}

export interface DashboardData {
  stats: DashboardStats;
  recentActivity: RecentActivityItem[];
}

export interface AdminUser extends PublicUser {
  isProtectedAdmin: boolean;
}

export interface ScraperInfo {
  id: number;
  source: string;
  name: string;
  description: string;
}

export interface ScraperLog {
  id: number;
  source: string;
  status: 'started' | 'completed' | 'failed';
  dealsAdded: number;
  error: string | null;
  dataFile: string | null;
  createdAt: string;
  finishedAt: string | null;
}

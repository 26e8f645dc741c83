import { authorName } from '../../../shared/domain/members/deleted-member.js';
import type { Deal, DealStatus } from '../../../shared/schemas/deals/deals.js';
import { affiliateUrl, type AffiliateConfig } from '../../../shared/domain/shops/affiliate.js';
import { isExpired } from '../../../shared/domain/deals/deal-status.js';
import { toPounds } from '../../../shared/domain/money.js';
import { badgeLabels } from '../../../shared/domain/members/reputation.js';
import type { DealRow } from '../../db/schema.js';

/** A deal row joined with its store, category and poster: what selectDealsWithRefs() in deal-with-refs.ts selects. */
export type DealRowWithRefs = Omit<DealRow, 'hot_score' | 'product_key' | 'duplicate_of' | 'half_vote_balance' | 'recent_votes' | 'posted_live'> & {
  /** Selected by the team's reads only (admin deal list and detail): the deal this one may repeat (docs/notes/products.md). */
  duplicate_of?: number | null;
  category_name: string;
  category_slug: string;
  store_name: string;
  store_logo_url: string | null;
  store_url: string | null;
  user_username: string | null;
  /** The poster's stored badges, comma-separated (member_reputation). */
  user_badges: string | null;
};

export interface PresentOptions {
  affiliate: AffiliateConfig;
  /** The caller's vote on this deal, when signed in and voted. */
  userVote?: number | null;
  isSaved?: boolean;
  now?: number;
  /** The team's views: adds duplicateOf (the row must select d.duplicate_of). */
  forTeam?: boolean;
}

/** The one shape a deal leaves the server in (SPEC §3 Deal), never a raw row. */
export function presentDeal(row: DealRowWithRefs, opts: PresentOptions): Deal {
  const price = toPounds(row.price_pence);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    dealUrl: row.url,
    outboundUrl: affiliateUrl(row.url, row.store_id, opts.affiliate),
    price,
    originalPrice: toPounds(row.original_price_pence),
    imageUrl: row.image_url,
    thumbnailUrl: row.thumbnail_url ?? row.image_url,
    coupon: row.coupon,
    categoryId: row.category_id,
    categoryName: row.category_name,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    storeId: row.store_id,
    storeName: row.store_name,
    store: { id: row.store_id, name: row.store_name, logoUrl: row.store_logo_url, url: row.store_url },
    userId: row.user_id,
    userUsername: authorName(row.user_username),
    ...(row.user_badges ? { userBadges: badgeLabels(row.user_badges) } : {}),
    status: row.status as DealStatus,
    source: row.source,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    expiresAt: row.expires_at,
    temperature: row.temperature,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    totalVotes: row.temperature,
    ...(opts.userVote === 1 || opts.userVote === -1 ? { userVote: opts.userVote as 1 | -1 } : {}),
    ...(opts.isSaved !== undefined ? { isSaved: opts.isSaved } : {}),
    commentCount: row.comment_count,
    isPending: row.status === 'pending',
    isExpired: isExpired(row.status, row.expires_at, opts.now),
    ...(opts.forTeam ? { duplicateOf: row.duplicate_of ?? null } : {}),
  };
}

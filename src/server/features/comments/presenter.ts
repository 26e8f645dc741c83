import { authorName } from '../../../shared/domain/members/deleted-member.js';
import type { Comment, UserCommentItem } from '../../../shared/schemas/deals/comments.js';
import { DELETED_COMMENT_TEXT } from '../../../shared/domain/constants.js';
import { toPounds } from '../../../shared/domain/money.js';
import { badgeLabels } from '../../../shared/domain/members/reputation.js';

export interface CommentRow {
  id: number;
  deal_id: number;
  user_id: number;
  text: string;
  created_at: string;
  username: string;
  avatar: string | null;
  parent_id: number | null;
  like_count: number;
  deleted_at: string | null;
  edited_at: string | null;
  /** The author's stored badges, where selected (a deal's comment list). */
  user_badges?: string | null;
}

/**
 * A comment as the API shows it. `likedByMe` is given for signed-in callers only. A deleted top-level comment kept
 * for its replies shows neither its text nor its author (docs/notes/community.md). `mentions`: the existing members its
 * text names with `@`, as they spell their names (given only when there are some).
 */
export function presentComment(r: CommentRow, likedByMe?: boolean, mentions: string[] = []): Comment {
  const deleted = r.deleted_at !== null;
  return {
    id: Number(r.id),
    dealId: Number(r.deal_id),
    userId: deleted ? null : Number(r.user_id),
    username: deleted ? DELETED_COMMENT_TEXT : authorName(r.username),
    avatarUrl: deleted ? null : r.avatar,
    text: deleted ? DELETED_COMMENT_TEXT : r.text,
    createdAt: r.created_at,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    likeCount: Number(r.like_count),
    ...(likedByMe === undefined ? {} : { likedByMe }),
    ...(mentions.length > 0 ? { mentions } : {}),
    ...(!deleted && r.user_badges ? { userBadges: badgeLabels(r.user_badges) } : {}),
    isDeleted: deleted,
    editedAt: deleted ? null : r.edited_at,
  };
}

/** SPEC §2 My comments parses 'YYYY-MM-DD HH:MM:SS' (UTC here). */
export function sqlDateTime(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return new Date(t).toISOString().slice(0, 19).replace('T', ' ');
}

export interface UserCommentRow {
  id: number;
  deal_id: number;
  text: string;
  created_at: string;
  deal_title: string;
  thumbnail_url: string | null;
  image_url: string | null;
  owner_username: string | null;
  price_pence: number | null;
  original_price_pence: number | null;
  category_name: string | null;
}

export const presentUserComment = (r: UserCommentRow): UserCommentItem => ({
  id: Number(r.id),
  dealId: r.deal_id,
  dealTitle: r.deal_title,
  text: r.text,
  createdAt: sqlDateTime(r.created_at),
  thumbnailUrl: r.thumbnail_url ?? r.image_url,
  dealOwnerUsername: r.owner_username,
  price: toPounds(r.price_pence),
  originalPrice: toPounds(r.original_price_pence),
  categoryName: r.category_name,
});

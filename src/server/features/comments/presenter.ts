import type { Comment, UserCommentItem } from '../../../shared/api.js';
import { toPounds } from '../../../shared/domain/money.js';

export interface CommentRow {
  id: number;
  deal_id: number;
  user_id: number;
  text: string;
  created_at: string;
  username: string;
  avatar: string | null;
}

export const presentComment = (r: CommentRow): Comment => ({
  id: Number(r.id),
  dealId: r.deal_id,
  userId: r.user_id,
  username: r.username,
  avatarUrl: r.avatar,
  text: r.text,
  createdAt: r.created_at,
});

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

/**
 * Kysely table types. Timestamps are ISO-8601 UTC strings on both dialects (lexicographic order = time order),
 * money is integer pence, booleans are 0/1 integers so one set of queries serves SQLite and PostgreSQL.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower(username): uniqueness is case-insensitive. */
  username_key: string;
  /** Stored lowercased. */
  email: string;
  password_hash: string;
  role: string;
  avatar: string | null;
  bio: string | null;
  email_verified_at: string | null;
  /** Bumped on password change: tokens carrying an older version are refused. */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the random token; the token itself only travels in the mail. */
  token_hash: string;
  purpose: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  created_at: string;
  updated_at: string;
}

export interface StoresTable {
  id: Generated<number>;
  name: string;
  /** lower(trim(name)): scraper merchant matching and uniqueness. */
  name_key: string;
  url: string | null;
  logo_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface DealsTable {
  id: Generated<number>;
  title: string;
  description: string;
  url: string;
  image_url: string | null;
  thumbnail_url: string | null;
  price_pence: number | null;
  original_price_pence: number | null;
  coupon: string | null;
  category_id: number;
  store_id: number;
  user_id: number | null;
  status: string;
  source: string | null;
  created_at: string;
  updated_at: string;
  /** When the deal went (or will go) public; the "newest" sort key. */
  published_at: string;
  expires_at: string | null;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  /** upvotes - downvotes (ARCHITECTURE §5). */
  temperature: Generated<number>;
  /** Reddit-form score for "getting warm" (shared/domain/temperature.ts hotScore). */
  hot_score: Generated<number>;
  comment_count: Generated<number>;
}

export interface VotesTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  vote_type: number;
  created_at: string;
}

export interface SavedDealsTable {
  user_id: number;
  deal_id: number;
  created_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  text: string;
  created_at: string;
}

export interface ScraperLogsTable {
  id: Generated<number>;
  source: string;
  status: string;
  deals_added: Generated<number>;
  error: string | null;
  data_file: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Items a scraper has seen, keyed by the source's item id and by normalised URL: never imported twice. */
export interface ScrapedItemsTable {
  id: Generated<number>;
  source: string;
  item_key: string;
  deal_id: number | null;
  created_at: string;
}

export interface DealBackupsTable {
  id: Generated<number>;
  deal_id: number;
  reason: string;
  /** JSON of the deal row before the change. */
  data: string;
  created_by: number | null;
  created_at: string;
}

export interface ModerationLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity_type: string;
  entity_id: number | null;
  entity_title: string | null;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  email_tokens: EmailTokensTable;
  categories: CategoriesTable;
  stores: StoresTable;
  deals: DealsTable;
  votes: VotesTable;
  saved_deals: SavedDealsTable;
  comments: CommentsTable;
  scraper_logs: ScraperLogsTable;
  scraped_items: ScrapedItemsTable;
  deal_backups: DealBackupsTable;
  moderation_log: ModerationLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type DealRow = Selectable<DealsTable>;
export type NewDeal = Insertable<DealsTable>;
export type DealUpdate = Updateable<DealsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type StoreRow = Selectable<StoresTable>;

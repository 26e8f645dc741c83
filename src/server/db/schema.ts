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
  /** Set while two-factor sign-in (TOTP) is on. */
  two_factor_enabled_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
  /** Set when the account was anonymised ("Delete my account"): the row stays, as `deleted-<id>`. */
  deleted_at: Generated<string | null>;
}

/** A sign-in (docs/notes/account-security.md): its id is the token's `sid`; deleting the row ends it. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** 'password' | 'two-factor' | 'passkey'. */
  method: string;
  /** The user agent summarised ("Chrome on Mac"). */
  browser: string;
  /** A coarse part of the address ("203.0.x.x"), never the address. */
  ip_hint: string;
  created_at: string;
  last_used_at: string;
  /** The last time a password or passkey was proven on this session. */
  authenticated_at: string;
  expires_at: string;
}

export interface TwoFactorTable {
  user_id: number;
  /** The TOTP secret, AES-256-GCM under a key derived from the JWT secret. */
  secret: string;
  confirmed_at: string | null;
  /** The last time step accepted: a code is good once. */
  last_step: Generated<number>;
  /** Wrong codes in a row. */
  failures: Generated<number>;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA256 of the normalised code. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** Comma-separated transports the authenticator named. */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  /** 'register' | 'sign-in' | 'confirm'. */
  purpose: string;
  user_id: number | null;
  expires_at: string;
  created_at: string;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  browser: string;
  ip_hint: string;
  created_at: string;
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
  /** A 'change-email' link's new address. */
  new_email: Generated<string | null>;
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
  /** The shop's site host without www./m. (shared/domain/shops/shop-domain.ts), matched against pasted links; migration 017. */
  domain: string | null;
  /** 0 for a shop a member named for an unknown site, until the team confirms it (docs/notes/posting.md). */
  confirmed: Generated<number>;
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
  /** Reddit-form score for "getting warm" (shared/domain/deals/temperature.ts hotScore). */
  hot_score: Generated<number>;
  comment_count: Generated<number>;
  /** Votes received in the trending window (24 h), kept by the deal lifecycle's counters module (deals/lifecycle/counters.ts: votes, voiding, the trending-window job; migration 010). */
  recent_votes: Generated<number>;
  /** Product identity of the url (features/products/identity.ts storedProductKey), null when it is not http(s) (docs/notes/products.md). */
  product_key: string | null;
  /** The deal this one was flagged as a likely repost of when it was posted; team views only. */
  duplicate_of: number | null;
  /** Signed count of votes still counting half (up +1, down -1): temperature = round(upvotes - downvotes - balance / 2) (docs/notes/trust.md). */
  half_vote_balance: Generated<number>;
  /** 1 when a trusted member's deal went live without review (the back office's "Posted by trusted members"). */
  posted_live: Generated<number>;
  // Not typed here: discount_bp, a generated column (percent off in basis points, -1 without an original price;
  // migration 008), is read only by the raw SQL of sort=discount (features/deals/list-query.ts) and written by no one.
}

export interface VotesTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  vote_type: number;
  created_at: string;
  /** The voter's account age in whole hours when the vote was cast (new accounts' votes count half); null for votes cast before migration 007. */
  account_age_hours: number | null;
  /** HMAC-SHA256 of the voter's network (IPv4 /24, IPv6 /48), never the address; null when unknown (loopback, old votes). */
  network_hash: string | null;
  /** Until when the vote counts half (the voter's account was younger than 24 h); null once it counts whole. */
  half_weight_until: string | null;
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
  /** The top-level comment this one replies to (one level only); null for a top-level comment. */
  parent_id: number | null;
  /** Rows of comment_likes for this comment, kept in the like's transaction. */
  like_count: Generated<number>;
  /** Set when a top-level comment with replies is deleted: it stays as a "[deleted]" placeholder with empty text. */
  deleted_at: string | null;
  /** When its author last changed the text (shown "edited"); null if never. */
  edited_at: Generated<string | null>;
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
  /** The reason the team (or the system) gave, shown in the public moderation log. */
  reason: Generated<string | null>;
  /** Where a deal change came from (lifecycle ChangeOrigin: admin, reports, sweep, ...); null for other entries. */
  origin: Generated<string | null>;
  /** The acting account's role when it acted (admin, moderator, user); null for the system. */
  actor_role: Generated<string | null>;
}

/** A deal image upload: who uploaded it and the one deal that shows it. */
export interface DealUploadsTable {
  id: Generated<number>;
  /** Public path under /uploads/deals/. */
  path: string;
  owner_id: number | null;
  deal_id: number | null;
  created_at: string;
}

/** One observed price of a product (docs/notes/products.md): written when a deal with a product key is created, activated or repriced. */
export interface PricePointsTable {
  id: Generated<number>;
  product_key: string;
  price_pence: number;
  original_price_pence: number | null;
  recorded_at: string;
  /** The deal that showed the price; null once that deal is deleted (the observation stays). */
  deal_id: number | null;
  /** Who caused it: member, admin, scraper, task (a lifecycle ChangeOrigin) or backfill (migration 005). */
  source: string;
}

/** A member's report of a deal (docs/notes/trust.md): open until the team resolves it or the deal leaves the feed. */
export interface DealReportsTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  /** expired, spam, duplicate, wrong-price or other (shared/schemas/admin/reports.ts). */
  reason: string;
  /** The member's note: private to the team. */
  note: string | null;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
  /** dismiss, expire, delete (the team's action) or closed (the deal left the feed another way). */
  resolution: string | null;
}

/** A member's keyword alert (docs/notes/alerts.md). */
export interface AlertsTable {
  id: Generated<number>;
  user_id: number;
  query: string;
  /** The alert's indexed word: its most selective term, folded, at most 8 characters (features/alerts/matching). */
  match_key: string;
  /** The second indexed word ('' for a one-word alert): a candidate has both. */
  match_key2: Generated<string>;
  category_id: number | null;
  store_id: number | null;
  max_price_pence: number | null;
  min_temperature: number | null;
  /** 'instant' | 'daily' */
  frequency: string;
  /** 0/1 */
  paused: Generated<number>;
  created_at: string;
  updated_at: string;
  last_sent_at: string | null;
  /** London date (YYYY-MM-DD) of the last daily digest. */
  last_digest_on: string | null;
}

/** One (alert, deal) pair, ever: unique. */
export interface AlertMatchesTable {
  id: Generated<number>;
  alert_id: number;
  deal_id: number;
  /** 'activation' | 'temperature' */
  via: string;
  matched_at: string;
  /** When the match was handed to the mail outbox (instant: at once; daily: by the digest). */
  notified_at: string | null;
}

/**
 * A job delivered with retries (the mail outbox, push deliveries): claimed until a time, tried again with backoff
 * after a failure, then sent or given up.
 */
export interface RetriedDelivery {
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  given_up_at: string | null;
  created_at: string;
}

/** The durable mail outbox (services/outbox): written in the deciding transaction, drained with retries. */
export interface MailOutboxTable extends RetriedDelivery {
  id: Generated<number>;
  kind: string;
  dedupe_key: string;
  /** JSON for the kind's handler. */
  payload: string;
}

/** London days whose daily alert digest has gone out in full. */
export interface AlertDigestRunsTable {
  day: string;
  finished_at: string;
}

/** A member's like of a comment: one per member per comment, never on their own. */
export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: string;
}

/** What a member is told (migration 015, docs/notes/notifications.md). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  actor_id: number | null;
  deal_id: number | null;
  comment_id: number | null;
  text: string;
  url: string;
  /** How many events the row gathers (likes of one comment). */
  count: Generated<number>;
  /** Unique per member: the event, so a cause never notifies twice and likes gather. */
  group_key: string;
  created_at: string;
  read_at: string | null;
  /** 1 while chosen for email and not yet handed to the outbox. */
  mail_pending: Generated<number>;
}

/** A member's channels for one type (absent: the defaults). */
export interface NotificationPreferencesTable {
  user_id: number;
  type: string;
  in_app: number;
  email: number;
  push: number;
  updated_at: string;
}

/** A browser a member turned push on for (migration 016): its PushSubscription. */
export interface PushDevicesTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
}

/** One push of one notification to one device: the durable delivery job (unique per notification and device). */
export interface PushDeliveriesTable extends RetriedDelivery {
  id: Generated<number>;
  notification_id: number;
  device_id: number;
  /** The notification's time when the row was (re-)armed: a gathered notification raised again is pushed again. */
  raised_at: string;
}

export interface NotificationMailStateTable {
  user_id: number;
  last_mailed_at: string;
}

/** Outbound clicks and deal views of one deal on one UTC day (docs/notes/analytics.md): counts only, never a visit. */
export interface DealDailyStatsTable {
  deal_id: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
  clicks: Generated<number>;
  views: Generated<number>;
  /** Clicks whose redirect carried an affiliate tag. */
  tagged_clicks: Generated<number>;
}

export interface DataExportsTable {
  id: Generated<number>;
  /** Whose data the archive holds. */
  user_id: number;
  /** Who asked, and alone may download it: the member, or an administrator. */
  requested_by: number | null;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
  storage_key: string | null;
  size_bytes: number | null;
  attempts: Generated<number>;
  claimed_until: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
}

/** A shop's voucher code (migration 018, docs/notes/vouchers-follows.md). */
export interface VouchersTable {
  id: Generated<number>;
  store_id: number;
  user_id: number | null;
  /** null: "no code needed". */
  code: string | null;
  /** The code upper-cased: what the duplicate check compares. */
  code_key: string | null;
  title: string;
  conditions: string | null;
  expires_at: string | null;
  exclusive: number;
  /** pending, active, expired, rejected, deleted. */
  status: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** 0..1, recency-weighted over the last 30 days; null without answers then. */
  success_rate: number | null;
  answer_count: Generated<number>;
  last_worked_at: string | null;
  may_not_work: Generated<number>;
  copy_count: Generated<number>;
}

export interface VoucherAnswersTable {
  voucher_id: number;
  user_id: number;
  /** 1 "Worked for me", 0 "Didn't work". */
  worked: number;
  created_at: string;
  updated_at: string;
}

export interface VoucherReportsTable {
  id: Generated<number>;
  voucher_id: number;
  user_id: number;
  /** expired, not-working, spam. */
  reason: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
  resolution: string | null;
}

export interface FollowsTable {
  user_id: number;
  /** store, category, member. */
  target_type: string;
  target_id: number;
  created_at: string;
}

/** A member's public record and badges, stored by the reputation job and events (migration 018). */
export interface MemberReputationTable {
  user_id: number;
  deals_posted: number;
  hot_deals: number;
  comments: number;
  likes_received: number;
  vouchers_posted: number;
  working_vouchers: number;
  voucher_success: number | null;
  recent_deals: number;
  recent_hot_deals: number;
  /** Badge ids, comma-separated, in the order of shared/domain/members/reputation.ts BADGES. */
  badges: string;
  computed_at: string;
}

export interface Database {
  data_exports: DataExportsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_mail_state: NotificationMailStateTable;
  push_devices: PushDevicesTable;
  push_deliveries: PushDeliveriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  security_events: SecurityEventsTable;
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
  deal_reports: DealReportsTable;
  price_points: PricePointsTable;
  deal_uploads: DealUploadsTable;
  alerts: AlertsTable;
  alert_matches: AlertMatchesTable;
  mail_outbox: MailOutboxTable;
  alert_digest_runs: AlertDigestRunsTable;
  comment_likes: CommentLikesTable;
  deal_daily_stats: DealDailyStatsTable;
  vouchers: VouchersTable;
  voucher_answers: VoucherAnswersTable;
  voucher_reports: VoucherReportsTable;
  follows: FollowsTable;
  member_reputation: MemberReputationTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewUser = Insertable<UsersTable>;
export type DealRow = Selectable<DealsTable>;
export type NewDeal = Insertable<DealsTable>;
export type DealUpdate = Updateable<DealsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type StoreRow = Selectable<StoresTable>;
export type VoucherRow = Selectable<VouchersTable>;

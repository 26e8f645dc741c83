/**
 * Sizes and words the server and the web both use (SPEC §5, §8, §9), written once. No zod here: the first screens
 * (home, a deal page) import these without loading the schema code (docs/notes/web-weight.md).
 */

/** The browse menus (SPEC §9) and GET /deals's sort, deal-type and status values. discount: biggest percentage off first, no original price last. */
export const DEAL_SORTS = ['newest', 'hottest', 'getting-warm', 'price-asc', 'price-desc', 'most-commented', 'trending', 'discount'] as const;
export const DEAL_TYPES = ['hot', 'warm', 'free', 'discounted'] as const;
export const BROWSE_STATUSES = ['active', 'expired', 'all'] as const;

/** GET /deals: 30 deals a page unless asked otherwise (browse, a store's deals). */
export const BROWSE_PAGE_SIZE = 30;
/** GET /deals/saved: the saved deals page. */
export const SAVED_PAGE_SIZE = 30;
/** GET /comments/user/me: the "My comments" page. */
export const USER_COMMENTS_PAGE_SIZE = 20;
/** GET /admin/reports: the team's report queue. */
export const REPORT_QUEUE_PAGE_SIZE = 20;
/** GET /moderation-log: the public moderation log. */
export const MODERATION_LOG_PAGE_SIZE = 30;

/** A comment's length limit (the form's counter and the API's check). */
export const COMMENT_MAX = 2000;
/** What a deleted top-level comment kept for its replies shows instead of its text and author. */
export const DELETED_COMMENT_TEXT = '[deleted]';

/** POST /votes refusals the deal page and the cards also give before asking the server. */
export const VOTE_MESSAGES = {
  login: 'Please log in to vote',
  alreadyVoted: 'You have already voted on this deal',
  ownDeal: 'You cannot vote on your own deal',
  notOpen: 'You can only vote on active deals',
} as const;

/** The 403 a pending deal answers to anyone but its owner and the team (`isPendingDeal: true` beside it). */
export const PENDING_DEAL_MESSAGE = 'No such active deal currently';

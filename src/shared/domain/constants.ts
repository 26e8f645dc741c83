/**
 * Sizes and words the server and the web both use (SPEC §5, §8, §9), written once. Plain values, no zod: the vote
 * buttons and the deal loader import this module, so it travels with every first screen (the deal-ui chunk,
 * docs/notes/web-weight.md) and holds only small values; each export is kept only where it is used.
 */

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

/** POST /votes: a visitor's vote. */
export const VOTE_LOGIN = 'Please log in to vote';
/** POST /votes: a second vote on the same deal (409); the vote buttons also say it once a member has voted. */
export const ALREADY_VOTED = 'You have already voted on this deal';
/** POST /votes: a vote on one's own deal (403); the buttons refuse it without asking the server. */
export const OWN_DEAL_VOTE = 'You cannot vote on your own deal';
/** POST /votes: a deal that is not live (403). */
export const VOTE_NOT_OPEN = 'You can only vote on active deals';

/** The 403 a pending deal answers to anyone but its owner and the team (`isPendingDeal: true` beside it). */
export const PENDING_DEAL_MESSAGE = 'No such active deal currently';

/**
 * Notifications (docs/notes/notifications.md): the types, who may be told what, the default preferences per channel,
 * the sentences the web shows as they are, and the small rules both sides use (the badge, the document title,
 * mentions, the temperature thresholds). Pure: no Node or DOM APIs.
 */
import { formatGBP } from '../money.js';

export const NOTIFICATION_TYPES = [
  'comment.reply',
  'deal.comment',
  'mention',
  'comment.liked',
  'deal.hot',
  'deal.approved',
  'deal.rejected',
  'deal.expired',
  'deal.edited',
  'deal.deleted',
  'alert.match',
  'saved.price_drop',
  'follow.deal',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const isNotificationType = (value: string): value is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(value);

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelChoice = Record<NotificationChannel, boolean>;
export type NotificationPreferences = Record<NotificationType, ChannelChoice>;

/** What each type is, in the settings' words. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'comment.reply': 'Replies to your comments',
  'deal.comment': 'Comments on your deals',
  mention: 'Mentions of you',
  'comment.liked': 'Likes on your comments',
  'deal.hot': 'Your deal gets hot',
  'deal.approved': 'Your deal is approved',
  'deal.rejected': 'Your deal is rejected',
  'deal.expired': 'Your deal is expired',
  'deal.edited': 'The team edits your deal',
  'deal.deleted': 'The team deletes your deal',
  'alert.match': 'Deal alert matches',
  'saved.price_drop': 'Price drops on deals you saved',
  'follow.deal': 'New deals from shops, categories and members you follow',
};

const EMAIL_BY_DEFAULT: ReadonlySet<NotificationType> = new Set(['comment.reply', 'mention', 'deal.approved', 'deal.rejected', 'saved.price_drop']);
/** Push only reaches a device the member has turned it on for; these are on there by default. */
const PUSH_BY_DEFAULT: ReadonlySet<NotificationType> = new Set(['comment.reply', 'mention', 'deal.hot', 'saved.price_drop']);

/** In-app: all on. Email: replies, mentions, approvals, rejections and price drops. Push: replies, mentions, hot, price drops. */
export function defaultPreferences(): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => [t, { inApp: true, email: EMAIL_BY_DEFAULT.has(t), push: PUSH_BY_DEFAULT.has(t) }]),
  ) as NotificationPreferences;
}

/** The temperatures whose first crossing tells a deal's poster (once each). */
export const HOT_THRESHOLDS = [50, 100, 250, 500, 1000] as const;

/** The thresholds passed on the way from `from` to `to` (none when it did not rise). */
export const hotThresholdsCrossed = (from: number, to: number): number[] => HOT_THRESHOLDS.filter((t) => from < t && t <= to);

/** At most this many members are told of one comment's mentions. */
export const MAX_MENTIONS = 10;
/** `@name` at a word's start; the name follows the username rule (letters, digits, _ and -). */
const MENTION = /(^|[^A-Za-z0-9_@-])@([A-Za-z0-9_-]{1,30})/g;

/** The usernames a text mentions, lower-cased, once each, in order, at most MAX_MENTIONS. */
export function mentionedUsernames(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    seen.add(m[2].toLowerCase());
    if (seen.size === MAX_MENTIONS) break;
  }
  return [...seen];
}

/** Text cut into plain runs and `@name` runs, for the web to link the names of existing members. */
export function splitMentions(text: string): Array<{ text: string; username?: string }> {
  const parts: Array<{ text: string; username?: string }> = [];
  let at = 0;
  for (const m of text.matchAll(MENTION)) {
    const start = (m.index ?? 0) + m[1].length;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: `@${m[2]}`, username: m[2] });
    at = start + m[2].length + 1;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The badge on the bell: nothing at 0, the count up to 9, then "9+". */
export const badgeText = (count: number): string => (count <= 0 ? '' : count > 9 ? '9+' : String(count));

/** "(3) QuidsIn" while there are unread notifications. */
export const titleWithUnread = (title: string, count: number): string => {
  const plain = title.replace(/^\(\d+\+?\) /, '');
  return count > 0 ? `(${count > 99 ? '99+' : count}) ${plain}` : plain;
};

/** A member keeps the newest KEEP_NEWEST notifications and any younger than KEEP_DAYS; the pruning job drops the rest. */
export const KEEP_NEWEST = 500;
export const KEEP_DAYS = 90;
/** Notifications chosen for email are gathered: at most one mail per member per this long. */
export const MAIL_GATHER_MS = 15 * 60_000;
/** The latest ones the bell's popover shows. */
export const POPOVER_SIZE = 10;

const quoted = (title: string) => `“${title.length > 80 ? `${title.slice(0, 79)}…` : title}”`;
const pounds = (pence: number) => formatGBP(pence / 100);

/** The sentences, written once when a notification is made (the web shows them as they are). */
export const notificationText = {
  reply: (actor: string, dealTitle: string) => `${actor} replied to your comment on ${quoted(dealTitle)}`,
  dealComment: (actor: string, dealTitle: string) => `${actor} commented on your deal ${quoted(dealTitle)}`,
  mention: (actor: string, dealTitle: string) => `${actor} mentioned you in a comment on ${quoted(dealTitle)}`,
  liked: (actor: string, count: number) =>
    count <= 1 ? `${actor} liked your comment` : `${actor} and ${count - 1} ${count === 2 ? 'other' : 'others'} liked your comment`,
  hot: (dealTitle: string, threshold: number) => `Your deal ${quoted(dealTitle)} reached ${threshold}°`,
  approved: (dealTitle: string) => `Your deal ${quoted(dealTitle)} was approved and is live`,
  rejected: (dealTitle: string, reason: string | null | undefined) =>
    `Your deal ${quoted(dealTitle)} was rejected${reason?.trim() ? `: ${reason.trim()}` : ''}`,
  expired: (dealTitle: string, byReports: boolean) =>
    `Your deal ${quoted(dealTitle)} was marked expired${byReports ? ' after members reported it' : ' by the team'}`,
  edited: (dealTitle: string) => `The team edited your deal ${quoted(dealTitle)}`,
  /** The automatic tidy of a title when the deal goes live, old and new, so nothing the poster wrote goes unsaid. */
  retitled: (oldTitle: string, newTitle: string) => `The title of your deal was tidied when it went live: ${quoted(oldTitle)} is now ${quoted(newTitle)}`,
  deleted: (dealTitle: string, reason: string | null | undefined) =>
    `The team removed your deal ${quoted(dealTitle)}${reason?.trim() ? `: ${reason.trim()}` : ''}`,
  alertMatch: (query: string, dealTitle: string) => `New deal for your alert “${query}”: ${quoted(dealTitle)}`,
  priceDrop: (pricePence: number, store: string | null, savedPence: number) =>
    `Now ${pounds(pricePence)}${store ? ` at ${store}` : ''}, you saved it at ${pounds(savedPence)}`,
  /** New deals from something followed: `source` reads "from Tesco", "in Gaming" or "from alice". */
  followDeal: (source: string, count: number, latestTitle: string) =>
    count <= 1 ? `New deal ${source}: ${quoted(latestTitle)}` : `${count} new deals ${source}, the latest ${quoted(latestTitle)}`,
};

/** "from Tesco" (a shop or a member), "in Gaming" (a category). */
export const followSource = (type: 'store' | 'category' | 'member', name: string): string => (type === 'category' ? `in ${name}` : `from ${name}`);

/** Links: a site path, a comment's with its anchor (the deal page scrolls to it and highlights it). */
export const notificationUrl = {
  deal: (dealId: number) => `/dealDetail/${dealId}`,
  comment: (dealId: number, commentId: number) => `/dealDetail/${dealId}#comment-${commentId}`,
  myDeals: () => '/user/deals',
};

import { describe, expect, it } from 'vitest';
import { badgeText, defaultPreferences, hotThresholdsCrossed, mentionedUsernames, notificationText, splitMentions, titleWithUnread } from './notifications.js';

describe('notification rules', () => {
  it('badge: nothing at 0, the count to 9, then 9+', () => {
    expect([0, 1, 9, 10, 250].map(badgeText)).toEqual(['', '1', '9', '9+', '9+']);
  });

  it('title: "(3) QuidsIn" while unread, back to plain at 0, never doubled', () => {
    expect(titleWithUnread('QuidsIn', 3)).toBe('(3) QuidsIn');
    expect(titleWithUnread('(3) Deals — QuidsIn', 4)).toBe('(4) Deals — QuidsIn');
    expect(titleWithUnread('(4) Deals — QuidsIn', 0)).toBe('Deals — QuidsIn');
    expect(titleWithUnread('QuidsIn', 120)).toBe('(99+) QuidsIn');
  });

  it('mentions: @names at a word start, once each, lower-cased, at most 10; emails are not mentions', () => {
    expect(mentionedUsernames('Hi @Bargain_Bex and @cal-2, also @bargain_bex; mail me at me@example.com')).toEqual(['bargain_bex', 'cal-2']);
    expect(mentionedUsernames(Array.from({ length: 12 }, (_, i) => `@m${i}`).join(' '))).toHaveLength(10);
    expect(splitMentions('ask @bex now')).toEqual([{ text: 'ask ' }, { text: '@bex', username: 'bex' }, { text: ' now' }]);
  });

  it('thresholds: each crossed once on the way up, none on the way down', () => {
    expect(hotThresholdsCrossed(49, 50)).toEqual([50]);
    expect(hotThresholdsCrossed(50, 51)).toEqual([]);
    expect(hotThresholdsCrossed(90, 260)).toEqual([100, 250]);
    expect(hotThresholdsCrossed(120, 40)).toEqual([]);
  });

  it('defaults: in-app all on; email for replies, mentions, approvals, rejections, price drops; push for replies, mentions, hot, price drops', () => {
    const d = defaultPreferences();
    expect(Object.values(d).every((c) => c.inApp)).toBe(true);
    expect(
      Object.entries(d)
        .filter(([, c]) => c.email)
        .map(([t]) => t),
    ).toEqual(['comment.reply', 'mention', 'deal.approved', 'deal.rejected', 'saved.price_drop']);
    expect(
      Object.entries(d)
        .filter(([, c]) => c.push)
        .map(([t]) => t),
    ).toEqual(['comment.reply', 'mention', 'deal.hot', 'saved.price_drop']);
  });

  it('sentences', () => {
    expect(notificationText.liked('bargain_bex', 5)).toBe('bargain_bex and 4 others liked your comment');
    expect(notificationText.liked('bargain_bex', 2)).toBe('bargain_bex and 1 other liked your comment');
    expect(notificationText.priceDrop(1999, 'Argos', 2499)).toBe('Now £19.99 at Argos, you saved it at £24.99');
  });
});

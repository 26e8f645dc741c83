import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCommentDate, parseUtc } from './comment-date';

// The reader's zone is the machine's: a UK reader here, so summer time shows.
beforeAll(() => {
  vi.stubEnv('TZ', 'Europe/London');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('formatCommentDate', () => {
  it.each([
    ['the spec example: a UTC database timestamp in GMT (March)', '2024-03-03 14:05:00', '3 Mar 2024 at 2:05 PM'],
    ["the timestamp as UTC in the reader's zone (British Summer Time)", '2024-07-01 09:30:00', '1 Jul 2024 at 10:30 AM'],
    ['an ISO-8601 string as well', '2024-03-03T14:05:00.000Z', '3 Mar 2024 at 2:05 PM'],
  ])('reads %s', (_case, stored, shown) => {
    expect(formatCommentDate(stored)).toBe(shown);
  });

  it.each([
    ['2024-12-31 23:59:59', '31 Dec 2024 at 11:59 PM'],
    ['2024-01-05 00:07:00', '5 Jan 2024 at 12:07 AM'],
    ['2024-01-05 12:00:00', '5 Jan 2024 at 12:00 PM'],
  ])('shows %s on a 12-hour clock, midnight and noon as 12: %s', (stored, shown) => {
    expect(formatCommentDate(stored)).toBe(shown);
  });

  it.each([null, undefined, '', 'not a date'])("says 'Unknown date' for %j (missing or unreadable)", (stored) => {
    expect(formatCommentDate(stored)).toBe('Unknown date');
  });
});

describe('parseUtc', () => {
  it('reads the space-separated form as UTC, not local time', () => {
    expect(parseUtc('2024-03-03 14:05:00')?.toISOString()).toBe('2024-03-03T14:05:00.000Z');
  });
});

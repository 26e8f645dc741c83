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
  it('formats the spec example from a UTC database timestamp (GMT in March)', () => {
    expect(formatCommentDate('2024-03-03 14:05:00')).toBe('3 Mar 2024 at 2:05 PM');
  });

  it("treats the timestamp as UTC and shows it in the reader's zone (British Summer Time)", () => {
    expect(formatCommentDate('2024-07-01 09:30:00')).toBe('1 Jul 2024 at 10:30 AM');
    expect(formatCommentDate('2024-12-31 23:59:59')).toBe('31 Dec 2024 at 11:59 PM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatCommentDate('2024-01-05 00:07:00')).toBe('5 Jan 2024 at 12:07 AM');
    expect(formatCommentDate('2024-01-05 12:00:00')).toBe('5 Jan 2024 at 12:00 PM');
  });

  it('accepts ISO-8601 strings as well', () => {
    expect(formatCommentDate('2024-03-03T14:05:00.000Z')).toBe('3 Mar 2024 at 2:05 PM');
  });

  it("says 'Unknown date' when the date is missing or unreadable", () => {
    expect(formatCommentDate(null)).toBe('Unknown date');
    expect(formatCommentDate(undefined)).toBe('Unknown date');
    expect(formatCommentDate('')).toBe('Unknown date');
    expect(formatCommentDate('not a date')).toBe('Unknown date');
  });
});

describe('parseUtc', () => {
  it('reads the space-separated form as UTC, not local time', () => {
    expect(parseUtc('2024-03-03 14:05:00')?.toISOString()).toBe('2024-03-03T14:05:00.000Z');
  });
});

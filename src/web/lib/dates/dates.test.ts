import { format } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatShortDate, relativeTime } from './dates';
import { fullDateOn, shortDateOn } from './uk-dates';

// A zone with daylight saving, so local wall-clock times across the clock changes are exercised.
beforeAll(() => {
  vi.stubEnv('TZ', 'Europe/London');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/** Deterministic pseudo-random numbers (mulberry32), so a failure is reproducible. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('date texts', () => {
  it('formats the spec examples', () => {
    const d = new Date(2024, 2, 3, 14, 5);
    expect(formatShortDate(d)).toBe('Mar 3, 2024');
    expect(formatShortDate(new Date(2024, 8, 30))).toBe('Sep 30, 2024');
    expect(formatDateTime(d)).toBe('3 Mar 2024 at 2:05 PM');
    expect(formatDateTime(new Date(2024, 11, 25, 0, 7))).toBe('25 Dec 2024 at 12:07 AM');
    expect(formatDateTime(new Date(2024, 11, 25, 12, 0))).toBe('25 Dec 2024 at 12:00 PM');
  });

  it('matches date-fns en-GB for many dates (12-hour, never 24-hour)', () => {
    const next = random(20240303);
    for (let i = 0; i < 20_000; i++) {
      const d = new Date(Date.UTC(2019, 0, 1) + next() * 8 * 365 * 86_400_000);
      expect(formatShortDate(d)).toBe(format(d, 'MMM d, yyyy', { locale: enGB }));
      expect(formatDateTime(d)).toBe(format(d, "d MMM yyyy 'at' h:mm a", { locale: enGB }).replace(/am$/, 'AM').replace(/pm$/, 'PM'));
    }
  });

  it('gives the compact age of lists', () => {
    const now = new Date(2024, 5, 10, 12, 0);
    const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
    expect(ago(20_000)).toBe('just now');
    expect(ago(-60_000)).toBe('just now');
    expect(ago(5 * 60_000)).toBe('5 min ago');
    expect(ago(59 * 60_000)).toBe('59 min ago');
    expect(ago(3 * 3_600_000 + 59 * 60_000)).toBe('3 h ago');
    expect(ago(26 * 3_600_000)).toBe('1 d ago');
    expect(ago(8 * 86_400_000)).toBe('1 wk ago');
    expect(ago(45 * 86_400_000)).toBe('1 mo ago');
    expect(ago(800 * 86_400_000)).toBe('2 yr ago');
  });
});

describe('dates on the UK clock (the server-drawn first screen and its hydration; shared/domain/london-clock.test.ts checks the clock)', () => {
  it('writes the first screen dates on it', () => {
    expect(fullDateOn('2026-07-01T12:05:00Z', 'uk')).toBe('1 Jul 2026 at 1:05 PM');
    expect(shortDateOn('2026-12-31T23:30:00Z', 'uk')).toBe('Dec 31, 2026');
    expect(shortDateOn('2026-06-30T23:30:00Z', 'uk')).toBe('Jul 1, 2026');
    expect(shortDateOn(null, 'uk')).toBe('');
    // On the reader's clock, what format.ts writes.
    expect(fullDateOn('2026-07-01T12:05:00Z', 'local')).toBe(formatDateTime(new Date('2026-07-01T12:05:00Z')));
    expect(shortDateOn('2026-07-01T12:05:00Z', 'local')).toBe(formatShortDate(new Date('2026-07-01T12:05:00Z')));
  });
});

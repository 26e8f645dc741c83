import { format, formatDistanceStrict } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { distanceStrict, formatDateTime, formatShortDate } from './dates';

// A zone with daylight saving, so the DST normalisation of days/months/years is exercised.
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
    expect(formatDateTime(d)).toBe('3 Mar 2024 14:05');
    expect(formatDateTime(new Date(2024, 11, 25, 0, 7))).toBe('25 Dec 2024 00:07');
    const now = new Date(2024, 5, 10, 12, 0);
    expect(distanceStrict(new Date(2024, 5, 10, 8, 0), now)).toBe('4 hours');
    expect(distanceStrict(new Date(2024, 5, 10, 11, 59), now)).toBe('1 minute');
    expect(distanceStrict(new Date(2024, 5, 10, 12, 0, 0, 400), now)).toBe('0 seconds');
    expect(distanceStrict(new Date(2023, 5, 15), now)).toBe('1 year');
    expect(distanceStrict(new Date(2024, 2, 1), now)).toBe('3 months');
  });

  it('matches date-fns en-GB for many dates and distances', () => {
    const next = random(20240303);
    const scales = [60_000, 3_600_000, 86_400_000, 30 * 86_400_000, 400 * 86_400_000, 5 * 365 * 86_400_000];
    for (let i = 0; i < 20_000; i++) {
      const base = new Date(Date.UTC(2019, 0, 1) + next() * 8 * 365 * 86_400_000);
      const scale = scales[i % scales.length];
      const other = new Date(base.getTime() - (next() - 0.1) * scale);
      expect(distanceStrict(other, base)).toBe(formatDistanceStrict(other, base, { locale: enGB }));
      expect(formatShortDate(other)).toBe(format(other, 'MMM d, yyyy', { locale: enGB }));
      expect(formatDateTime(other)).toBe(format(other, 'PP p', { locale: enGB }));
    }
  });

  it('matches date-fns across the clock changes', () => {
    expect(new Date(2024, 5, 1).getTimezoneOffset()).toBe(-60);
    for (const [from, to] of [
      [new Date(2024, 2, 30, 12), new Date(2024, 3, 1, 12)],
      [new Date(2024, 9, 26, 12), new Date(2024, 9, 28, 12)],
      [new Date(2024, 2, 31, 0, 30), new Date(2024, 2, 31, 3, 30)],
      [new Date(2024, 2, 1), new Date(2024, 2, 31, 12)],
      [new Date(2023, 9, 29), new Date(2024, 9, 28)],
    ]) {
      expect(distanceStrict(from, to)).toBe(formatDistanceStrict(from, to, { locale: enGB }));
    }
  });
});

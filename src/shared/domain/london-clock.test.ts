import { describe, expect, it } from 'vitest';
import { londonClock, type LondonTime, londonTime } from './london-clock.js';

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
const intlTime = (d: Date) => {
  const p = Object.fromEntries(london.formatToParts(d).map((x) => [x.type, Number(x.value)]));
  return { year: p.year, month: p.month - 1, day: p.day, hour: p.hour, minute: p.minute };
};

describe('the London clock', () => {
  it('reads 2024-2035 as Intl does for Europe/London: every 15 minutes of the weeks the clocks change, every 7 hours besides', () => {
    const differ: string[] = [];
    const text = (p: LondonTime) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    const check = (t: number) => {
      const d = new Date(t);
      if (text(londonTime(d)) !== text(intlTime(d))) differ.push(d.toISOString());
    };
    for (let year = 2024; year <= 2035; year++) {
      for (const month of [2, 9]) for (let t = Date.UTC(year, month, 24); t < Date.UTC(year, month + 1, 1, 12); t += 15 * 60_000) check(t);
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 7 * 3_600_000) check(t);
    }
    expect(differ).toEqual([]);
  });

  it('gives the digest its London day and hour, summer time included', () => {
    expect(londonClock(new Date('2030-01-15T08:00:00Z'))).toEqual({ day: '2030-01-15', hour: 8 });
    expect(londonClock(new Date('2030-07-15T08:00:00Z'))).toEqual({ day: '2030-07-15', hour: 9 });
    expect(londonClock(new Date('2030-07-15T23:30:00Z'))).toEqual({ day: '2030-07-16', hour: 0 });
    expect(londonClock(new Date('2030-07-01T06:59:00Z'))).toEqual({ day: '2030-07-01', hour: 7 });
    // The October change: 01:00 UTC is 02:00 BST, then 01:00 GMT.
    expect(londonClock(new Date('2030-10-27T00:59:00Z'))).toEqual({ day: '2030-10-27', hour: 1 });
    expect(londonClock(new Date('2030-10-27T01:00:00Z'))).toEqual({ day: '2030-10-27', hour: 1 });
    expect(londonClock(new Date('2030-12-31T23:59:59Z'))).toEqual({ day: '2030-12-31', hour: 23 });
  });
});

import { parseIso } from '../components/deal/format';
import { formatParts, formatShortParts, localParts, type WallClock } from './dates';
import type { Clock } from './useReaderClock';

/** 01:00 UTC on the last Sunday of a month (month from 0), when UK clocks change. */
const lastSundayAtOneUtc = (year: number, month: number) => {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 86_400_000;
};

/**
 * The UK's wall clock: GMT, and BST (+1 h) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday
 * of October. By hand rather than Intl (issue 16: a page's first Intl call costs a phone 35-110 ms of main thread);
 * dates.test.ts compares it with Intl's Europe/London hour by hour over five years.
 */
export function ukParts(d: Date): WallClock {
  const t = d.getTime();
  const y = d.getUTCFullYear();
  const u = new Date(t >= lastSundayAtOneUtc(y, 2) && t < lastSundayAtOneUtc(y, 9) ? t + 3_600_000 : t);
  return { day: u.getUTCDate(), month: u.getUTCMonth(), year: u.getUTCFullYear(), hour: u.getUTCHours(), minute: u.getUTCMinutes() };
}

const partsOn = (d: Date, clock: Clock) => (clock === 'uk' ? ukParts(d) : localParts(d));

/** format.ts fullDate ('3 Mar 2024 at 2:05 PM') on the given clock (useReaderClock): the deal page's drawn dates. */
export const fullDateOn = (iso: string | null | undefined, clock: Clock) => {
  const d = parseIso(iso);
  return d ? formatParts(partsOn(d, clock)) : '';
};

/** format.ts shortDate ('Mar 3, 2024') on the given clock. */
export const shortDateOn = (iso: string | null | undefined, clock: Clock) => {
  const d = parseIso(iso);
  return d ? formatShortParts(partsOn(d, clock)) : '';
};

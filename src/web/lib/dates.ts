/**
 * The site's date texts, without date-fns (which costs ~10 KB gzip on the first load): the SPEC §9 short date, the one
 * date-and-time form ('3 Mar 2024 at 2:05 PM', 12-hour everywhere) and the compact age of lists ('3 h ago').
 * dates.test.ts compares them with date-fns 4 en-GB. In the browser's local time zone unless one is given.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Whose clock a date is read on: the reader's (`local`), or the UK's (`uk`), which the server draws the first screen
 * on (web/entry-server.tsx) and the browser keeps while it hydrates that markup (useReaderClock), so both write the
 * same text; for a reader in the UK, the two are the same.
 */
export type Clock = 'local' | 'uk';

/** 01:00 UTC on the last Sunday of a month (month from 0), when UK clocks change. */
const lastSundayAtOneUtc = (y: number, month: number) => {
  const lastDay = Date.UTC(y, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 86_400_000;
};

/** The UK's wall-clock parts: GMT, and BST (+1 h) from the last Sunday of March to the last Sunday of October. No Intl (issue 16: its first use costs 35-110 ms of a phone's main thread). */
export function ukParts(d: Date) {
  const t = d.getTime();
  const y = d.getUTCFullYear();
  const u = new Date(t >= lastSundayAtOneUtc(y, 2) && t < lastSundayAtOneUtc(y, 9) ? t + 3_600_000 : t);
  return { day: u.getUTCDate(), month: u.getUTCMonth(), year: u.getUTCFullYear(), hour: u.getUTCHours(), minute: u.getUTCMinutes() };
}

const partsOn = (d: Date, clock: Clock) =>
  clock === 'uk' ? ukParts(d) : { day: d.getDate(), month: d.getMonth(), year: d.getFullYear(), hour: d.getHours(), minute: d.getMinutes() };

/** 'Mar 3, 2024' (SPEC §9 'MMM d, yyyy'). */
export const formatShortDate = (d: Date, clock: Clock = 'local') => {
  const p = partsOn(d, clock);
  return `${MONTHS[p.month]} ${p.day}, ${String(p.year).padStart(4, '0')}`;
};

/**
 * '3 Mar 2024 at 2:05 PM': the site's one date-and-time form (SPEC §2 My comments), 12-hour on every screen (issue 17:
 * never a 24-hour time on one screen and a 12-hour time on another), in the reader's time zone. In a named zone:
 * zoned-dates.ts formatDateTimeIn (apart, so the cards' first load does not carry the Intl zone code).
 */
export function formatDateTime(d: Date, clock: Clock = 'local'): string {
  return formatParts(partsOn(d, clock));
}

/** Wall-clock parts (month from 0) in the site's date-and-time form. */
export function formatParts(p: { day: number; month: number; year: number; hour: number; minute: number }): string {
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${p.day} ${MONTHS[p.month]} ${String(p.year).padStart(4, '0')} at ${hour12}:${pad2(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * '5 min ago', '3 h ago', '2 d ago', '3 wk ago', '4 mo ago', '1 yr ago': the compact age shown on lists (cards, list
 * rows, comments), always with the full formatDateTime on hover. Under a minute, or a date slightly ahead of the
 * reader's clock, reads 'just now'.
 */
export function relativeTime(d: Date, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - d.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  if (days < 30) return `${Math.floor(days / 7)} wk ago`;
  if (days < 365) return `${Math.floor(days / 30)} mo ago`;
  return `${Math.floor(days / 365)} yr ago`;
}

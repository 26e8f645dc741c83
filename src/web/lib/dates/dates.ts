/**
 * The site's date texts, without date-fns (which costs ~10 KB gzip on the first load): the SPEC §9 short date, the one
 * date-and-time form ('3 Mar 2024 at 2:05 PM', 12-hour everywhere) and the compact age of lists ('3 h ago').
 * dates.test.ts compares them with date-fns 4 en-GB. In the browser's local time zone unless one is given.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Wall-clock parts (month from 0), as read off a Date in the reader's time zone or lib/dates/uk-dates ukParts. */
export interface WallClock {
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
}
export const localParts = (d: Date): WallClock => ({
  day: d.getDate(),
  month: d.getMonth(),
  year: d.getFullYear(),
  hour: d.getHours(),
  minute: d.getMinutes(),
});

/** 'Mar 3, 2024' (SPEC §9 'MMM d, yyyy'), of wall-clock parts. */
export const formatShortParts = (p: WallClock) => `${MONTHS[p.month]} ${p.day}, ${String(p.year).padStart(4, '0')}`;
/** 'Mar 3, 2024' in the reader's time zone. */
export const formatShortDate = (d: Date) => formatShortParts(localParts(d));

/**
 * '3 Mar 2024 at 2:05 PM': the site's one date-and-time form (SPEC §2 My comments), 12-hour on every screen
 * (never a 24-hour time on one screen and a 12-hour time on another), in the reader's time zone. In a named zone:
 * zoned-dates.ts formatDateTimeIn (apart, so the cards' first load does not carry the Intl zone code).
 */
export function formatDateTime(d: Date): string {
  return formatParts(localParts(d));
}

/** Wall-clock parts (month from 0) in the site's date-and-time form. */
export function formatParts(p: WallClock): string {
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

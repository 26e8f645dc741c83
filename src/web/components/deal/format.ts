import { formatGBP } from '../../../shared/domain/money';
import { formatDateTime, formatShortDate, relativeTime } from '../../lib/dates/dates';

/** 'FREE' for a zero price, '' when the deal has no price. */
export const priceText = (price: number | null | undefined) => (price === null || price === undefined ? '' : price === 0 ? 'FREE' : formatGBP(price));

/** An ISO time as a Date, or null when absent or unreadable. */
export const parseIso = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** '3 h ago' (lists: cards, rows, comments); show it through <TimeAgo>, which adds the full date on hover. */
export const timeAgo = (iso: string | null | undefined) => {
  const d = parseIso(iso);
  return d ? relativeTime(d) : '';
};

/** SPEC §9 date format 'MMM d, yyyy'. */
export const shortDate = (iso: string | null | undefined) => {
  const d = parseIso(iso);
  return d ? formatShortDate(d) : '';
};

/** '3 Mar 2024 at 2:05 PM', the one date-and-time form of the site (lib/dates formatDateTime). */
export const fullDate = (iso: string | null | undefined) => {
  const d = parseIso(iso);
  return d ? formatDateTime(d) : '';
};

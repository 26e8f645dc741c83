import { formatGBP } from '../../../shared/domain/money';
import { type Clock, formatDateTime, formatShortDate, relativeTime } from '../../lib/dates';

/** 'FREE' for a zero price, '' when the deal has no price. */
export const priceText = (price: number | null | undefined) => (price === null || price === undefined ? '' : price === 0 ? 'FREE' : formatGBP(price));

const parse = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** '3 h ago' (lists: cards, rows, comments); show it through <TimeAgo>, which adds the full date on hover. */
export const timeAgo = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? relativeTime(d) : '';
};

/** SPEC §9 date format 'MMM d, yyyy'. */
export const shortDate = (iso: string | null | undefined, clock?: Clock) => {
  const d = parse(iso);
  return d ? formatShortDate(d, clock) : '';
};

/** '3 Mar 2024 at 2:05 PM', the one date-and-time form of the site (lib/dates formatDateTime). */
export const fullDate = (iso: string | null | undefined, clock?: Clock) => {
  const d = parse(iso);
  return d ? formatDateTime(d, clock) : '';
};

import { formatGBP } from '../../../shared/domain/money';
import { distanceStrict, formatDateTime, formatShortDate } from '../../lib/dates';

/** 'FREE' for a zero price, '' when the deal has no price. */
export const priceText = (price: number | null | undefined) => (price === null || price === undefined ? '' : price === 0 ? 'FREE' : formatGBP(price));

const parse = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

export const timeAgo = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? `${distanceStrict(d, new Date())} ago` : '';
};

/** SPEC §9 date format 'MMM d, yyyy'. */
export const shortDate = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? formatShortDate(d) : '';
};

/** SPEC §9 comment dates 'PP p'. */
export const commentDate = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? formatDateTime(d) : '';
};

import { format, formatDistanceToNowStrict } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { formatGBP } from '../../../shared/domain/money';

/** 'FREE' for a zero price, '' when the deal has no price. */
export const priceText = (price: number | null | undefined) => (price === null || price === undefined ? '' : price === 0 ? 'FREE' : formatGBP(price));

const parse = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

export const timeAgo = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? `${formatDistanceToNowStrict(d, { locale: enGB })} ago` : '';
};

/** SPEC §9 date format 'MMM d, yyyy'. */
export const shortDate = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? format(d, 'MMM d, yyyy', { locale: enGB }) : '';
};

/** SPEC §9 comment dates 'PP p'. */
export const commentDate = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? format(d, 'PP p', { locale: enGB }) : '';
};

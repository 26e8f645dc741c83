/** Money is stored as integer pence and spoken as pounds with 2 decimals (ARCHITECTURE §3). */
export const toPence = (pounds: number): number => Math.round(pounds * 100);
export const toPounds = (pence: number | null | undefined): number | null => (pence === null || pence === undefined ? null : Math.round(pence) / 100);

/** '1,234,567': digits grouped in threes with commas, as en-GB writes a whole number. */
export function groupDigits(whole: number): string {
  const digits = String(Math.trunc(Math.abs(whole)));
  let out = '';
  for (let i = digits.length; i > 0; i -= 3) out = `${i > 3 ? ',' : ''}${digits.slice(Math.max(0, i - 3), i)}${out}`;
  return `${whole < 0 && digits !== '0' ? '-' : ''}${out}`;
}

/**
 * '£1,234.50', '-£5.00': what `Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })` writes (compared
 * in domain.test.ts), by hand: a page's first use of Intl loads the browser's locale data, 35-110 ms of main thread on
 * the first screen of every page with a price (docs/notes/web-performance.md). Halves round away from zero on the decimal the number reads
 * as (1.005 -> £1.01), as Intl does. For finite amounts below £90 trillion.
 */
export function formatGBP(pounds: number): string {
  // Whole pence are exact up to ~£90 trillion (prices are at most £1,000,000, shared/schemas/deals/deals.ts).
  const pence = Math.round(Number((Math.abs(pounds) * 100).toPrecision(12)));
  // As Intl: the minus stays on a negative amount that rounds to nothing (-0.001 -> -£0.00).
  const sign = pounds < 0 || Object.is(pounds, -0) ? '-' : '';
  return `${sign}£${groupDigits(Math.floor(pence / 100))}.${String(pence % 100).padStart(2, '0')}`;
}

/** Rounded percent off (SPEC §5 Browse query rules); 0 when there is no meaningful original price. */
export function percentOff(price: number | null | undefined, originalPrice: number | null | undefined): number {
  if (price === null || price === undefined || !originalPrice || originalPrice <= 0 || originalPrice <= price) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

export function youSave(price: number | null | undefined, originalPrice: number | null | undefined): number {
  if (price === null || price === undefined || !originalPrice || originalPrice <= price) return 0;
  return Math.round((originalPrice - price) * 100) / 100;
}

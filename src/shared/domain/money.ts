/** Money is stored as integer pence and spoken as pounds with 2 decimals (ARCHITECTURE §3). */
export const toPence = (pounds: number): number => Math.round(pounds * 100);
export const toPounds = (pence: number | null | undefined): number | null =>
  pence === null || pence === undefined ? null : Math.round(pence) / 100;

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatGBP = (pounds: number): string => gbp.format(pounds);

/** Rounded percent off (SPEC §5 Browse query rules); 0 when there is no meaningful original price. */
export function percentOff(price: number | null | undefined, originalPrice: number | null | undefined): number {
  if (price === null || price === undefined || !originalPrice || originalPrice <= 0 || originalPrice <= price) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

export function youSave(price: number | null | undefined, originalPrice: number | null | undefined): number {
  if (price === null || price === undefined || !originalPrice || originalPrice <= price) return 0;
  return Math.round((originalPrice - price) * 100) / 100;
}

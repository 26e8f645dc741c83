/**
 * Date texts for the deal cards and deal page without date-fns (which costs ~10 KB gzip on the first load). Each one
 * gives exactly what date-fns 4 with the en-GB locale gave before (dates.test.ts compares them), in the browser's
 * local time zone.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43_200;
const MINUTES_IN_YEAR = 525_600;

const pad2 = (n: number) => String(n).padStart(2, '0');
const year = (d: Date) => String(d.getFullYear()).padStart(4, '0');
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
/** Math.round without negative zero. */
const round = (n: number) => Math.round(n) || 0;

/** The wall-clock offset of `d` from UTC in ms, to the millisecond (date-fns' getTimezoneOffsetInMilliseconds). */
function offsetMs(d: Date): number {
  const utc = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()));
  utc.setUTCFullYear(d.getFullYear());
  return d.getTime() - utc.getTime();
}

/**
 * '4 hours', '1 minute', '3 months': the single largest unit, rounded (date-fns formatDistanceStrict). Days, months and
 * years ignore a daylight-saving shift between the two dates.
 */
export function distanceStrict(a: Date, b: Date): string {
  const [earlier, later] = a.getTime() <= b.getTime() ? [a, b] : [b, a];
  const ms = later.getTime() - earlier.getTime();
  const minutes = ms / 60_000;
  const dstMinutes = (ms - (offsetMs(later) - offsetMs(earlier))) / 60_000;
  if (minutes < 1) return plural(round(ms / 1000), 'second');
  if (minutes < 60) return plural(round(minutes), 'minute');
  if (minutes < MINUTES_IN_DAY) return plural(round(minutes / 60), 'hour');
  if (dstMinutes < MINUTES_IN_MONTH) return plural(round(dstMinutes / MINUTES_IN_DAY), 'day');
  if (dstMinutes < MINUTES_IN_YEAR) {
    const months = round(dstMinutes / MINUTES_IN_MONTH);
    return months === 12 ? plural(1, 'year') : plural(months, 'month');
  }
  return plural(round(dstMinutes / MINUTES_IN_YEAR), 'year');
}

/** 'Mar 3, 2024' (SPEC §9 'MMM d, yyyy'). */
export const formatShortDate = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${year(d)}`;

/** '3 Mar 2024 14:05' (date-fns 'PP p' in en-GB). */
export const formatDateTime = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]} ${year(d)} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;

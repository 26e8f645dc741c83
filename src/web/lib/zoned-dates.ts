import { formatDateTime, formatParts } from './dates';

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** Numeric wall-clock parts in a named zone (so month names and AM/PM never depend on the browser's locale data). */
function zonedParts(d: Date, timeZone: string) {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    zoneFormats.set(timeZone, f);
  }
  const parts = f.formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((x) => x.type === type)?.value);
  return { day: part('day'), month: part('month') - 1, year: part('year'), hour: part('hour'), minute: part('minute') };
}

/** lib/dates formatDateTime in the given time zone (the reader's own when none is given). */
export const formatDateTimeIn = (d: Date, timeZone?: string) => (timeZone ? formatParts(zonedParts(d, timeZone)) : formatDateTime(d));

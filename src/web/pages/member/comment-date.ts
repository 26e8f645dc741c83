const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SQL_UTC = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Reads 'YYYY-MM-DD HH:MM:SS' as UTC (SPEC §2 My comments); full ISO strings are accepted too. */
export function parseUtc(value: string | null | undefined): Date | null {
  if (!value || typeof value !== 'string') return null;
  const text = value.trim();
  const m = SQL_UTC.exec(text);
  const date = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0))) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * '3 Mar 2024 at 2:05 PM' in the reader's time zone (or the one given), 'Unknown date' when missing or unreadable.
 * Built from numeric Intl parts so month names and AM/PM never depend on the browser's locale data.
 */
export function formatCommentDate(value: string | null | undefined, timeZone?: string): string {
  const date = parseUtc(value);
  if (!date) return 'Unknown date';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const hour = part('hour');
  const minute = String(part('minute')).padStart(2, '0');
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${part('day')} ${MONTHS[part('month') - 1]} ${part('year')} at ${hour12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

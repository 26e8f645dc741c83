import { formatDateTime } from '../../lib/dates/dates';

const SQL_UTC = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Reads 'YYYY-MM-DD HH:MM:SS' as UTC (SPEC §2 My comments); full ISO strings are accepted too. */
export function parseUtc(value: string | null | undefined): Date | null {
  if (!value || typeof value !== 'string') return null;
  const text = value.trim();
  const m = SQL_UTC.exec(text);
  const date = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0))) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '3 Mar 2024 at 2:05 PM' (lib/dates formatDateTime, the site's one form) in the reader's zone; 'Unknown date' when missing or unreadable. */
export function formatCommentDate(value: string | null | undefined): string {
  const date = parseUtc(value);
  return date ? formatDateTime(date) : 'Unknown date';
}

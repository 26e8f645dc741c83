/**
 * The UK's clock (Europe/London), the one place the site works it out: GMT, and BST (+1 h) from 01:00 UTC on the last
 * Sunday of March to 01:00 UTC on the last Sunday of October (the rule since 1996). The server's daily alert digest
 * reads its day and hour (ALERT_DIGEST_HOUR is a London hour); the web writes the server-drawn first screen's dates on
 * it and hydrates with the same text (web/lib/dates/uk-dates.ts).
 *
 * By hand rather than Intl: a page's first Intl call costs a phone 35-110 ms of main thread, which the first screens
 * avoid (docs/notes/web-weight.md). london-clock.test.ts compares it with Intl's Europe/London minute by minute around
 * every change and hour by hour over years.
 */

/** Wall-clock parts of an instant in London (month from 0, as Date's). */
export interface LondonTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** 01:00 UTC on the last Sunday of a month (month from 0), when UK clocks change. */
const lastSundayAtOneUtc = (year: number, month: number) => {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 86_400_000;
};

/** The London wall clock at an instant, summer time included. */
export function londonTime(d: Date): LondonTime {
  const t = d.getTime();
  const y = d.getUTCFullYear();
  const u = new Date(t >= lastSundayAtOneUtc(y, 2) && t < lastSundayAtOneUtc(y, 9) ? t + 3_600_000 : t);
  return { year: u.getUTCFullYear(), month: u.getUTCMonth(), day: u.getUTCDate(), hour: u.getUTCHours(), minute: u.getUTCMinutes() };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The London calendar day (YYYY-MM-DD) and hour (0-23) of an instant: the alert digest's "once a London day, from its hour". */
export function londonClock(at: Date): { day: string; hour: number } {
  const p = londonTime(at);
  return { day: `${p.year}-${pad2(p.month + 1)}-${pad2(p.day)}`, hour: p.hour };
}

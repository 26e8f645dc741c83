import { describe, expect, it } from 'vitest';
import { parseSchedule, ScheduleError } from './cron.js';

const at = (s: string) => new Date(s);
const local = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi, 0, 0);

describe('SCRAPER_CRON', () => {
  it('runs @every intervals from now', () => {
    const from = at('2024-05-14T10:00:00Z');
    expect(parseSchedule('@every 30m').next(from).toISOString()).toBe('2024-05-14T10:30:00.000Z');
    expect(parseSchedule('@every 1h30m').next(from).toISOString()).toBe('2024-05-14T11:30:00.000Z');
    expect(parseSchedule('@every 2h').next(from).toISOString()).toBe('2024-05-14T12:00:00.000Z');
  });

  it('finds the next matching minute of a five-field line', () => {
    const from = local(2024, 5, 14, 10, 7);
    expect(parseSchedule('*/15 * * * *').next(from)).toEqual(local(2024, 5, 14, 10, 15));
    expect(parseSchedule('0 6,18 * * *').next(from)).toEqual(local(2024, 5, 14, 18, 0));
    expect(parseSchedule('30 9 * * 1-5').next(local(2024, 5, 17, 10, 0))).toEqual(local(2024, 5, 20, 9, 30));
    expect(parseSchedule('0 0 1 * *').next(from)).toEqual(local(2024, 6, 1, 0, 0));
    expect(parseSchedule('@hourly').next(from)).toEqual(local(2024, 5, 14, 11, 0));
    expect(parseSchedule('0 12 29 2 *').next(from)).toEqual(local(2028, 2, 29, 12, 0));
  });

  it.each(['@every 10s', '@every soon', '61 * * * *', '* * *', '*/0 * * * *', '0 0 31 2 *'])('refuses %s', (spec) => {
    expect(() => parseSchedule(spec)).toThrow(ScheduleError);
  });
});

/**
 * SCRAPER_CRON: either an interval ("@every 30m", "@every 2h", "@every 1h30m"; at least one minute), a shortcut
 * ("@hourly", "@daily"), or a standard five-field cron line (minute hour day-of-month month day-of-week with *, lists,
 * ranges and /steps; day-of-week 0-7, Sunday 0 or 7), evaluated in the server's local time.
 */

export interface Schedule {
  /** The next run time strictly after `from`. */
  next(from: Date): Date;
  describe: string;
}

export class ScheduleError extends Error {}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function parseInterval(spec: string): number {
  const parts = [...spec.matchAll(/(\d+)\s*([smhd])/g)];
  if (
    !parts.length ||
    parts
      .map((p) => p[0])
      .join('')
      .replace(/\s/g, '') !== spec.replace(/\s/g, '')
  ) {
    throw new ScheduleError(`"@every ${spec}" is not an interval like 30m, 2h or 1h30m`);
  }
  const ms = parts.reduce((sum, [, n, u]) => sum + Number(n) * UNIT_MS[u], 0);
  if (ms < 60_000) throw new ScheduleError('The scraper interval must be at least one minute');
  return ms;
}

function parseField(field: string, min: number, max: number, name: string): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part.trim());
    if (!m) throw new ScheduleError(`Bad cron ${name} field "${field}"`);
    const step = m[4] ? Number(m[4]) : 1;
    let lo = min;
    let hi = max;
    if (m[1] !== '*') {
      lo = Number(m[2]);
      hi = m[3] !== undefined ? Number(m[3]) : m[4] ? max : lo;
    }
    if (step < 1 || lo < min || hi > max || lo > hi) throw new ScheduleError(`Cron ${name} field "${field}" is out of range ${min}-${max}`);
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return values;
}

function parseCron(line: string): Schedule {
  const fields = line.trim().split(/\s+/);
  if (fields.length !== 5) throw new ScheduleError(`"${line}" is not a five-field cron line (minute hour day month weekday)`);
  const [minF, hourF, domF, monF, dowF] = fields;
  const minutes = parseField(minF, 0, 59, 'minute');
  const hours = parseField(hourF, 0, 23, 'hour');
  const doms = parseField(domF, 1, 31, 'day-of-month');
  const months = parseField(monF, 1, 12, 'month');
  const dows = parseField(dowF, 0, 7, 'day-of-week');
  if (dows.has(7)) dows.add(0);
  const domAny = domF === '*';
  const dowAny = dowF === '*';
  const dayMatches = (d: Date) => {
    const dom = doms.has(d.getDate());
    const dow = dows.has(d.getDay());
    // Classic cron: when both day fields are restricted, either may match.
    if (!domAny && !dowAny) return dom || dow;
    return dom && dow;
  };
  return {
    describe: `cron "${line.trim()}"`,
    next(from) {
      const t = new Date(from.getTime());
      t.setSeconds(0, 0);
      t.setMinutes(t.getMinutes() + 1);
      // Four years of minutes covers every satisfiable line (29 February included).
      for (let i = 0; i < 4 * 366 * 24 * 60; i++) {
        if (!months.has(t.getMonth() + 1) || !dayMatches(t)) {
          t.setDate(t.getDate() + 1);
          t.setHours(0, 0, 0, 0);
          continue;
        }
        if (!hours.has(t.getHours())) {
          t.setHours(t.getHours() + 1, 0, 0, 0);
          continue;
        }
        if (minutes.has(t.getMinutes())) return t;
        t.setMinutes(t.getMinutes() + 1);
      }
      throw new ScheduleError(`cron "${line}" never matches`);
    },
  };
}

export function parseSchedule(spec: string): Schedule {
  const s = spec.trim();
  if (/^@every\s+/i.test(s)) {
    const ms = parseInterval(s.replace(/^@every\s+/i, '').toLowerCase());
    return { describe: `every ${s.replace(/^@every\s+/i, '')}`, next: (from) => new Date(from.getTime() + ms) };
  }
  if (/^@hourly$/i.test(s)) return parseCron('0 * * * *');
  if (/^@daily$|^@midnight$/i.test(s)) return parseCron('0 0 * * *');
  if (/^@weekly$/i.test(s)) return parseCron('0 0 * * 0');
  const schedule = parseCron(s);
  schedule.next(new Date());
  return schedule;
}

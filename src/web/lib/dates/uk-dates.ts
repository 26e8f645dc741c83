import { parseIso } from '../../components/deal/format';
import { formatParts, formatShortParts, localParts, type WallClock } from './dates';
import type { Clock } from './useReaderClock';
import { londonTime } from '../../../shared/domain/london-clock';

/**
 * Wall-clock parts of an instant on the given clock: the UK's (shared/domain/london-clock.ts, by hand rather than Intl)
 * or the reader's.
 */
const partsOn = (d: Date, clock: Clock): WallClock => (clock === 'uk' ? londonTime(d) : localParts(d));

/** format.ts fullDate ('3 Mar 2024 at 2:05 PM') on the given clock (useReaderClock): the deal page's drawn dates. */
export const fullDateOn = (iso: string | null | undefined, clock: Clock) => {
  const d = parseIso(iso);
  return d ? formatParts(partsOn(d, clock)) : '';
};

/** format.ts shortDate ('Mar 3, 2024') on the given clock. */
export const shortDateOn = (iso: string | null | undefined, clock: Clock) => {
  const d = parseIso(iso);
  return d ? formatShortParts(partsOn(d, clock)) : '';
};

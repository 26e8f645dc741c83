import { hotScore } from '../../../../shared/domain/deals/temperature.js';
import type { DealRow, DealUpdate } from '../../../db/schema.js';
import type { DealEventType } from './events.js';

/**
 * A deal that has never been public: activating it is its first publication, so it enters "newest" and
 * "getting warm" now. An expired deal that is reinstated keeps its publication time: it is not new.
 */
export const neverPublic = (status: string) => status === 'pending' || status === 'rejected';

/** The columns that follow from a status change: publication time and the hot score that depends on it. */
export function statusColumns(before: Pick<DealRow, 'status' | 'published_at' | 'temperature'>, status: string, nowIso: string): DealUpdate {
  if (status === before.status) return { status };
  if (status === 'active' && neverPublic(before.status)) return { status, published_at: nowIso, hot_score: hotScore(before.temperature, Date.parse(nowIso)) };
  return { status };
}

const PRICE_COLUMNS = ['price_pence', 'original_price_pence'] as const;

/** The events a change amounts to, from the rows around it: the one definition every path shares. */
export function dealEvents(before: DealRow | null, after: DealRow | null): DealEventType[] {
  if (!before && !after) return [];
  if (!after) return ['deal.deleted'];
  if (!before) return after.status === 'active' ? ['deal.created', 'deal.activated'] : ['deal.created'];
  const events: DealEventType[] = [];
  const changed = (Object.keys(after) as Array<keyof DealRow>).some((k) => k !== 'updated_at' && before[k] !== after[k]);
  if (changed) events.push('deal.updated');
  if (after.status === 'active' && before.status !== 'active') events.push('deal.activated');
  if (after.status === 'expired' && before.status !== 'expired') events.push('deal.expired');
  if (PRICE_COLUMNS.some((k) => before[k] !== after[k])) events.push('deal.repriced');
  return events;
}

import type { Deal } from '../../../shared/api.js';
import type { AffiliateConfig } from '../../../shared/domain/affiliate.js';
import type { Db } from '../../db/connection.js';
import { selectDealsWithRefs } from './deal-with-refs.js';
import { type DealRowWithRefs, presentDeal } from './presenter.js';

export const nowIso = () => new Date().toISOString();

export function findDealWithRefs(db: Db, id: number): Promise<DealRowWithRefs | undefined> {
  return selectDealsWithRefs(db.kysely).where('d.id', '=', id).executeTakeFirst();
}

/** Rows for the given ids, returned in the order of the ids (one joined query). */
export async function dealsByIds(db: Db, ids: number[]): Promise<DealRowWithRefs[]> {
  if (ids.length === 0) return [];
  const rows = await selectDealsWithRefs(db.kysely).where('d.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is DealRowWithRefs => r !== undefined);
}

export interface ViewerState {
  vote: number | null;
  saved: boolean;
}

/** The caller's votes and saves for a page of deals, in ONE query (never one per deal). */
export async function viewerStates(db: Db, userId: number, ids: number[]): Promise<Map<number, ViewerState>> {
  const out = new Map<number, ViewerState>();
  if (ids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('deals as d')
    .leftJoin('votes as v', (j) => j.onRef('v.deal_id', '=', 'd.id').on('v.user_id', '=', userId))
    .leftJoin('saved_deals as s', (j) => j.onRef('s.deal_id', '=', 'd.id').on('s.user_id', '=', userId))
    .select(['d.id', 'v.vote_type', 's.deal_id as saved_deal_id'])
    .where('d.id', 'in', ids)
    .execute();
  for (const r of rows) out.set(Number(r.id), { vote: r.vote_type ?? null, saved: r.saved_deal_id !== null });
  return out;
}

/** Presents rows for a caller: signed-in callers get userVote and isSaved on each deal. */
export async function presentForViewer(db: Db, rows: DealRowWithRefs[], viewerId: number | null, affiliate: AffiliateConfig): Promise<Deal[]> {
  const now = Date.now();
  if (viewerId === null) return rows.map((r) => presentDeal(r, { affiliate, now }));
  const states = await viewerStates(db, viewerId, rows.map((r) => Number(r.id)));
  return rows.map((r) => {
    const s = states.get(Number(r.id));
    return presentDeal(r, { affiliate, now, userVote: s?.vote ?? null, isSaved: s?.saved ?? false });
  });
}

import { CompiledQuery } from 'kysely';
import type { Deal } from '../../../shared/schemas/deals/deals.js';
import type { AffiliateConfig } from '../../../shared/domain/shops/affiliate.js';
import type { Db } from '../../db/connection.js';
import { executePlanStable } from '../../db/statements/prepared.js';
import { selectDealsWithRefs } from './deal-with-refs.js';
import { type DealRowWithRefs, presentDeal } from './presenter.js';

export const nowIso = () => new Date().toISOString();

export function findDealWithRefs(db: Db, id: number): Promise<DealRowWithRefs | undefined> {
  return selectDealsWithRefs(db.kysely).where('d.id', '=', id).executeTakeFirst();
}

/** Rows for the given ids, returned in the order of the ids (one joined query). */
export async function dealsByIds(db: Db, ids: number[]): Promise<DealRowWithRefs[]> {
  if (ids.length === 0) return [];
  const rows = await executePlanStable(db, selectDealsWithRefs(db.kysely).where('d.id', 'in', ids).compile());
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is DealRowWithRefs => r !== undefined);
}

export interface ViewerState {
  vote: number | null;
  saved: boolean;
}

/**
 * The SQL text of viewerStates per database and number of ids. Building and compiling the query with Kysely cost
 * about twice what running it does (it runs on every member's page), and the text depends only on how many
 * ids there are; the parameters are checked to come in the order reused below.
 */
const viewerStatesSql = new WeakMap<Db, Map<number, string>>();

function viewerStatesQuery(db: Db, userId: number, ids: number[]) {
  return db.kysely
    .selectFrom('deals as d')
    .leftJoin('votes as v', (j) => j.onRef('v.deal_id', '=', 'd.id').on('v.user_id', '=', userId))
    .leftJoin('saved_deals as s', (j) => j.onRef('s.deal_id', '=', 'd.id').on('s.user_id', '=', userId))
    .select(['d.id', 'v.vote_type', 's.deal_id as saved_deal_id'])
    .where('d.id', 'in', ids);
}

/** The caller's votes and saves for a page of deals, in ONE query (never one per deal). */
export async function viewerStates(db: Db, userId: number, ids: number[]): Promise<Map<number, ViewerState>> {
  const out = new Map<number, ViewerState>();
  if (ids.length === 0) return out;
  let texts = viewerStatesSql.get(db);
  if (!texts) {
    texts = new Map();
    viewerStatesSql.set(db, texts);
  }
  const parameters = [userId, userId, ...ids];
  let text = texts.get(ids.length);
  if (text === undefined) {
    const compiled = viewerStatesQuery(db, userId, ids).compile();
    if (compiled.parameters.length !== parameters.length || compiled.parameters.some((p, i) => p !== parameters[i])) {
      throw new Error('viewerStates: the compiled query takes its parameters in another order');
    }
    text = compiled.sql;
    if (texts.size < 200) texts.set(ids.length, text);
  }
  const rows = await executePlanStable(
    db,
    CompiledQuery.raw(text, parameters) as CompiledQuery<{ id: number; vote_type: number | null; saved_deal_id: number | null }>,
  );
  for (const r of rows) out.set(Number(r.id), { vote: r.vote_type ?? null, saved: r.saved_deal_id !== null });
  return out;
}

/** Presents rows for a caller: signed-in callers get userVote and isSaved on each deal. */
export async function presentForViewer(db: Db, rows: DealRowWithRefs[], viewerId: number | null, affiliate: AffiliateConfig): Promise<Deal[]> {
  const now = Date.now();
  if (viewerId === null) return rows.map((r) => presentDeal(r, { affiliate, now }));
  const states = await viewerStates(
    db,
    viewerId,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const s = states.get(Number(r.id));
    return presentDeal(r, { affiliate, now, userVote: s?.vote ?? null, isSaved: s?.saved ?? false });
  });
}

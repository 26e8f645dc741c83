import type { Deal } from '../../../shared/schemas/deals/deals.js';
import type { AffiliateConfig } from '../../../shared/domain/shops/affiliate.js';
import type { Db } from '../../db/connection.js';
import { selectDealsWithRefs } from './deal-with-refs.js';
import { presentForViewer } from './queries.js';
import { dealFigures } from '../analytics/index.js';

/** GET /user/deals: every deal the caller posted, in every status, newest first (index deals(user_id, created_at)). */
export async function userDeals(db: Db, userId: number, affiliate: AffiliateConfig): Promise<Deal[]> {
  const rows = await selectDealsWithRefs(db.kysely)
    .select('d.posted_live')
    .where('d.user_id', '=', userId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  const deals = await presentForViewer(db, rows, userId, affiliate);
  const reviews = await dealReviews(
    db,
    deals.map((d) => d.id),
  );
  const live = new Map(rows.map((r) => [Number(r.id), Number(r.posted_live) === 1]));
  return deals.map((d) => ({ ...d, review: { reason: null, reasonAt: null, retitled: null, ...reviews.get(d.id), postedLive: live.get(d.id) ?? false } }));
}

type Review = Omit<NonNullable<Deal['review']>, 'postedLive'>;

/**
 * The team's latest reason about each deal and its title's automatic tidy, from the moderation log (index
 * moderation_log(entity_type, entity_id, id)). A reason after the deal went live again is history, not news: the
 * latest status decision wins, so an approval after a pull-back clears the reason shown.
 */
async function dealReviews(db: Db, ids: number[]): Promise<Map<number, Review>> {
  const out = new Map<number, Review>();
  if (ids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('moderation_log')
    .select(['entity_id', 'action', 'reason', 'before_json', 'after_json', 'created_at'])
    .where('entity_type', '=', 'deal')
    .where('entity_id', 'in', ids)
    .where('action', 'in', ['activate', 'edit', 'pull-back', 'ai-title', 'expire', 'delete'])
    .orderBy('id', 'desc')
    .execute();
  const decided = new Set<number>();
  for (const r of rows) {
    const id = Number(r.entity_id);
    const review = out.get(id) ?? { reason: null, reasonAt: null, retitled: null };
    if (r.action === 'ai-title' && !review.retitled) {
      const from = readTitle(r.before_json);
      const to = readTitle(r.after_json);
      if (from && to) review.retitled = { from, to, at: r.created_at };
    } else if (r.action !== 'ai-title' && !decided.has(id)) {
      decided.add(id);
      if (r.action !== 'activate' && r.reason) [review.reason, review.reasonAt] = [r.reason, r.created_at];
    }
    out.set(id, review);
  }
  return out;
}

function readTitle(json: string | null): string | null {
  if (!json) return null;
  try {
    const value = (JSON.parse(json) as { title?: unknown }).title;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The deals with their views and clicks so far: only for the poster's and the team's eyes (analytics/maySeeFigures). */
export async function withFigures(db: Db, deals: Deal[]): Promise<Deal[]> {
  const figures = await dealFigures(
    db,
    deals.map((d) => d.id),
  );
  return deals.map((d) => ({ ...d, figures: figures.get(d.id) ?? { views: 0, clicks: 0 } }));
}

import type { Deal } from '../../../shared/schemas/deals.js';
import type { AffiliateConfig } from '../../../shared/domain/affiliate.js';
import type { Db } from '../../db/connection.js';
import { selectDealsWithRefs } from './deal-with-refs.js';
import { presentForViewer } from './queries.js';
import { dealFigures } from '../analytics/index.js';

/** GET /user/deals: every deal the caller posted, in every status, newest first (index deals(user_id, created_at)). */
export async function userDeals(db: Db, userId: number, affiliate: AffiliateConfig): Promise<Deal[]> {
  const rows = await selectDealsWithRefs(db.kysely).where('d.user_id', '=', userId).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').execute();
  return presentForViewer(db, rows, userId, affiliate);
}

/** The deals with their views and clicks so far: only for the poster's and the team's eyes (analytics/maySeeFigures). */
export async function withFigures(db: Db, deals: Deal[]): Promise<Deal[]> {
  const figures = await dealFigures(
    db,
    deals.map((d) => d.id),
  );
  return deals.map((d) => ({ ...d, figures: figures.get(d.id) ?? { views: 0, clicks: 0 } }));
}

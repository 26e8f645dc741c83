import type { Deal } from '../../../../shared/schemas/deals/deals.js';
import type { AffiliateConfig } from '../../../../shared/domain/shops/affiliate.js';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import type { UserRow } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import { type AuditNote, type DealRowWithRefs, editDeal, type LifecycleDeps, presentDeal, selectDealsWithRefs } from '../../deals/index.js';

/** How many of the newest trusted posts the back office lists. */
export const TRUSTED_POSTS_LIMIT = 50;

/**
 * "Posted by trusted members" (docs/notes/posting.md): the newest deals that went live without review, whatever has
 * become of them since, so the team sees each one at least once (the partial index deals_posted_live_idx).
 */
export async function listTrustedPosts(db: Db, affiliate: AffiliateConfig): Promise<Deal[]> {
  const rows = await trustedPostsQuery(db.kysely).execute();
  return rows.map((row) => presentDeal(row as DealRowWithRefs, { affiliate, forTeam: true }));
}

/** The list's query: `posted_live = 1` written as a literal, so SQLite can prove the partial index covers it. */
export const trustedPostsQuery = (k: Kysely<Database>) =>
  selectDealsWithRefs(k)
    .select('d.duplicate_of')
    .where(sql<boolean>`d.posted_live = 1`)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(TRUSTED_POSTS_LIMIT);

export const ONLY_LIVE_PULL_BACK = 'Only a live deal can be pulled back to pending';
export const PULLED_BACK_REASON = 'Pulled back for the team to check';

/**
 * A team decision that moves a deal from one status to another (kept as an admin edit, in the moderation log with
 * `note`); a deal in any other status is refused with `refusal`.
 */
function moveStatus(deps: LifecycleDeps, id: number, actor: UserRow, move: { from: string; to: string; refusal: string; note: AuditNote }) {
  return editDeal(deps, {
    id,
    actor,
    origin: 'admin',
    authorize: (before) => {
      if (before.status !== move.from) throw badRequest(move.refusal, 'status');
    },
    columns: () => ({ status: move.to }),
    backup: 'admin-edit',
    audit: (_before, _after, diff) => ({ ...move.note, ...diff }),
  });
}

/** Pull a live deal back to pending for review, with the team's reason (shown to the poster on My deals). */
export async function pullBackDeal(deps: LifecycleDeps, id: number, actor: UserRow, reason: string | null): Promise<void> {
  await moveStatus(deps, id, actor, {
    from: 'active',
    to: 'pending',
    refusal: ONLY_LIVE_PULL_BACK,
    note: { action: 'pull-back', reason: reason?.trim() || PULLED_BACK_REASON },
  });
}

export const ONLY_PENDING_REJECT = 'Only a pending deal can be rejected';

/** Reject a pending deal with the team's reason: its poster hears it (notifications) and reads it on My deals. */
export async function rejectDeal(deps: LifecycleDeps, id: number, actor: UserRow, reason: string): Promise<void> {
  await moveStatus(deps, id, actor, { from: 'pending', to: 'rejected', refusal: ONLY_PENDING_REJECT, note: { action: 'edit', reason: reason.trim() } });
}
